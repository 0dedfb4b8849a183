import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { EXTENSIONS_PAGE_URL } from '../../domain/extension-bridge-messages'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { DownloadIcon, PinIcon } from '../shell/dialog-icons'
import { iconTile } from '../shell/icon-tile.recipe'
import { AlertIcon, CopyIcon, PuzzleIcon } from '../shell/session-icons'
import { installExtension } from './install-extension-dialog.recipe'

const styles = installExtension()
const warning = installExtension({ tone: 'warning' })

/** The chat sites the extension works on (docs/product/screens.md#install-extension). */
const SUPPORTED_SITES = ['chatgpt.com', 'claude.ai', 'gemini.google.com'] as const

const Code = ({ children }: { children: ReactNode }) => (
  <code className={styles.code}>{children}</code>
)

const STEPS: Array<{ title: string; text: ReactNode }> = [
  {
    title: 'Download and extract the zip',
    text: (
      <>
        Click <strong>Download Extension</strong> below, then extract the zip file. You get a folder
        named <Code>chrome-extension</Code>.
      </>
    ),
  },
  {
    title: 'Open the extensions page',
    text: (
      <>
        Click <strong>Extensions Page</strong> to copy its address, then paste{' '}
        <Code>{EXTENSIONS_PAGE_URL}</Code> into Chrome's address bar.
      </>
    ),
  },
  {
    title: 'Turn on Developer mode',
    text: <>Switch on Developer mode in the top-right corner of the extensions page.</>,
  },
  {
    title: 'Load the unpacked folder',
    text: (
      <>
        Click <strong>Load unpacked</strong> and choose the extracted <Code>chrome-extension</Code>{' '}
        folder, not the zip file.
      </>
    ),
  },
]

/** Install Chrome Extension (docs/product/screens.md#install-extension): mounted only while open. */
export function InstallExtensionDialog() {
  const { installExtension: actor } = useSessionActors()
  // Rendered only once the dialog's actor has started (signed-in-dialogs.tsx).
  if (!actor) throw new Error('The install dialog has not started')
  const open = useSelector(actor, (s) => s.hasTag('open'))
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  return (
    <AppDialog
      open={open}
      onClose={() => actor.send({ type: 'install.close' })}
      icon={
        <span className={iconTile({ size: 'sm' })}>
          <PuzzleIcon width={16} height={16} />
        </span>
      }
      title="Install Chrome Extension"
      description="Use your prompts right where you chat."
      closeLabel="Close"
      footer={
        <div className={styles.footer}>
          <button
            type="button"
            className={cx(button({ variant: 'outline', size: 'sm' }), styles.action)}
            disabled={busy}
            onClick={() => actor.send({ type: 'install.copyExtensionsPage' })}
          >
            <CopyIcon width={14} height={14} />
            Extensions Page
          </button>
          <button
            type="button"
            className={cx(button({ size: 'sm' }), styles.action)}
            disabled={busy}
            onClick={() => actor.send({ type: 'install.download' })}
          >
            <DownloadIcon width={14} height={14} />
            Download Extension
          </button>
        </div>
      }
    >
      <p className={styles.intro}>The extension works on:</p>
      <ul aria-label="Supported sites" className={styles.sites}>
        {SUPPORTED_SITES.map((site) => (
          <li key={site} className={styles.site}>
            {site}
          </li>
        ))}
      </ul>
      <ol aria-label="Installation steps" className={styles.steps}>
        {STEPS.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span aria-hidden="true" className={styles.stepNumber}>
              {index + 1}
            </span>
            <span className={styles.stepTitle}>{step.title}</span>
            <span className={styles.stepText}>{step.text}</span>
          </li>
        ))}
      </ol>
      <p role="note" className={warning.note}>
        <AlertIcon width={16} height={16} className={warning.noteIcon} />
        <span>
          Chrome needs the extracted folder: it cannot load the extension straight from the zip
          file.
        </span>
      </p>
      <p role="note" className={styles.note}>
        <PinIcon width={16} height={16} className={styles.noteIcon} />
        <span>
          Tip: once it is loaded, pin the extension to the toolbar from Chrome's Extensions menu
          (the puzzle piece) to keep it one click away.
        </span>
      </p>
    </AppDialog>
  )
}
