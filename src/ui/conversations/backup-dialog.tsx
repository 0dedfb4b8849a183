import { useSelector } from '@xstate/react'
import { cx } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import type { conversationBackupMachine } from '../../machines/conversation-backup.machine'
import { promptImport } from '../prompts/prompt-import.recipe'
import { useSessionActors } from '../shell/app-actors'
import { AppDialog } from '../shell/app-dialog'
import { button } from '../shell/button.recipe'
import { AlertIcon } from '../shell/session-icons'
import { organiseDialogs } from './organise-dialogs.recipe'

type BackupRef = ActorRefFrom<typeof conversationBackupMachine>

// The file picker, refusal and summary look as they do in Import prompts.
const files = promptImport()
const styles = organiseDialogs()

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

/** Back up and restore: open while the organiser runs it (conversation-backup.machine.ts). */
export function BackupDialog() {
  const { organise } = useSessionActors()
  const backup = useSelector(organise, (s) => s?.children.backup as BackupRef | undefined)
  return backup ? <Dialog backup={backup} /> : null
}

function Dialog({ backup }: { backup: BackupRef }) {
  const state = useSelector(backup, (s) => s)
  const busy = state.hasTag('busy')
  const previewing = state.matches('preview') || state.matches('restoring')
  const { error, fileName } = state.context
  const held = state.context.backup
  const close = () => backup.send({ type: 'backup.close' })
  return (
    <AppDialog
      open
      onClose={close}
      title="Back up and restore"
      description="Keep every conversation in one file, or bring them back from one."
      closeLabel="Close"
      footer={
        previewing && (
          <button
            type="button"
            className={button()}
            disabled={busy}
            onClick={() => backup.send({ type: 'backup.restore' })}
          >
            {state.matches('restoring') ? 'Restoring…' : 'Restore'}
          </button>
        )
      }
    >
      <div className={styles.sections}>
        <section aria-labelledby="backup-save" className={styles.section}>
          <h3 id="backup-save" className={styles.heading}>
            Back up
          </h3>
          <p className={files.formats}>
            Every conversation, with all its versions, pins and folders, as one JSON file.
          </p>
          <button
            type="button"
            className={cx(button({ variant: 'outline', size: 'sm' }), styles.action)}
            disabled={busy}
            onClick={() => backup.send({ type: 'backup.download' })}
          >
            {state.matches('downloading') ? 'Preparing the file…' : 'Download backup'}
          </button>
        </section>
        <section aria-labelledby="backup-restore" className={styles.section}>
          <h3 id="backup-restore" className={styles.heading}>
            Restore
          </h3>
          <p className={files.formats}>
            What is already here stays as it is: only what is missing is added. Up to 100 MB.
          </p>
          {error && (
            <p role="alert" className={files.alert}>
              <AlertIcon width={16} height={16} className={files.alertIcon} />
              <span>
                {fileName ? `${fileName}: ` : ''}
                {error}
              </span>
            </p>
          )}
          {previewing && held ? (
            <>
              <p role="status" className={files.summary}>
                {fileName}: {plural(held.conversations.length, 'conversation', 'conversations')} and{' '}
                {plural(held.messages.length, 'message', 'messages')}, backed up{' '}
                {held.exportedAt.slice(0, 10)}.
              </p>
              <button
                type="button"
                className={cx(button({ variant: 'outline', size: 'sm' }), styles.action)}
                disabled={busy}
                onClick={() => backup.send({ type: 'backup.back' })}
              >
                Choose another file
              </button>
            </>
          ) : state.matches('reading') ? (
            <p role="status" className={files.status}>
              Reading {fileName ?? 'the file'}…
            </p>
          ) : (
            <input
              type="file"
              accept=".json,application/json"
              aria-label="Backup file"
              className={files.picker}
              disabled={busy}
              onChange={(event) => {
                const chosen = event.target.files?.[0]
                // The same file may be chosen again after a refusal.
                event.target.value = ''
                if (chosen) backup.send({ type: 'backup.file', file: chosen })
              }}
            />
          )}
        </section>
      </div>
    </AppDialog>
  )
}
