import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import { fileDetail } from '../../domain/attachments'
import type { composerAttachmentsMachine } from '../../machines/composer-attachments.machine'
import { useAppActors } from '../shell/app-actors'
import { button } from '../shell/button.recipe'
import { attachmentChips } from './attachment-chips.recipe'
import { FileTextIcon, PaperclipIcon, RemoveIcon } from './attachment-icons'
import { CompareBar, CompareButton } from './compare-chooser'
import { useFileDrop } from './file-drop'

const styles = attachmentChips()

/** What the paperclip offers; the bytes decide what is taken (docs/product/attachments.md). */
const ACCEPTED_FILES = [
  'image/png,image/jpeg,image/webp,image/gif,text/*',
  '.txt,.md,.csv,.json,.ts,.tsx,.js,.jsx,.py,.java,.go,.rs,.rb,.php,.c,.h,.cpp,.cs,.swift,.kt',
  '.sql,.yaml,.yml,.toml,.xml,.html,.css,.sh,.log',
].join(',')

/**
 * The paperclip (docs/product/attachments.md#adding-files), and the page as a drop zone: files
 * go to the app machine, which hands them to the composer's files.
 */
export function AttachButton({ disabled }: { disabled: boolean }) {
  const { app } = useAppActors()
  const picked = useRef<HTMLInputElement>(null)
  const attach = (files: File[]) => {
    if (files.length) app.send({ type: 'attachments.add', files })
  }
  const dropping = useFileDrop(attach)
  return (
    <>
      <input
        ref={picked}
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        hidden
        onChange={(e) => {
          attach([...(e.target.files ?? [])])
          e.target.value = ''
        }}
      />
      <button
        type="button"
        aria-label="Attach files"
        title="Attach images or text files"
        disabled={disabled}
        onClick={() => picked.current?.click()}
        className={button({ variant: 'ghost', size: 'icon' })}
      >
        <PaperclipIcon width={16} height={16} />
      </button>
      {/* docs/product/compare.md: the composer's other tool comes with this one. */}
      <CompareButton disabled={disabled} />
      {dropping && (
        <div className={styles.dropZone} aria-hidden="true">
          Drop files to attach
        </div>
      )}
    </>
  )
}

/**
 * The files on the message being written (docs/product/attachments.md#adding-files): each a
 * chip with its thumbnail or icon, `Uploading…` until it is stored, and its remove button.
 */
export function ComposerAttachments({
  attachments,
}: {
  attachments: ActorRefFrom<typeof composerAttachmentsMachine>
}) {
  const items = useSelector(attachments, (s) => s.context.items)
  // Above the box with the files: the models the next message goes to, in compare mode.
  if (items.length === 0) return <CompareBar />
  return (
    <>
      <CompareBar />
      <ul aria-label="Files to send" className={styles.list}>
        {items.map((item) => (
          <li key={item.id} className={styles.chip} aria-busy={!item.attachment || undefined}>
            {item.previewUrl ? (
              <span className={styles.thumb} data-small="">
                <img src={item.previewUrl} alt="" className={styles.image} />
              </span>
            ) : (
              <span className={styles.icon}>
                <FileTextIcon width={16} height={16} />
              </span>
            )}
            <span className={styles.text}>
              <span className={styles.name}>{item.name}</span>
              <span className={styles.detail}>
                {item.attachment ? fileDetail(item.attachment) : 'Uploading…'}
              </span>
            </span>
            {!item.attachment && <span className={styles.busy} aria-hidden="true" />}
            <button
              type="button"
              aria-label={`Remove ${item.name}`}
              onClick={() => attachments.send({ type: 'attachments.remove', id: item.id })}
              className={`${button({ variant: 'ghost', size: 'icon' })} ${styles.remove}`}
            >
              <RemoveIcon width={14} height={14} />
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}
