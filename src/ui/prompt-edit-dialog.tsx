import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { useSelector } from '@xstate/react'
import { useAppActors } from './app-actors'
import { button } from './recipes/button'
import { promptDialog } from './recipes/prompt-dialog'
import { fieldLabel, textField } from './recipes/prompt-field'

/** Edit Prompt (spec §2.9): title and content of one's own prompt. */
export function PromptEditDialog() {
  const { library } = useAppActors().prompts
  const open = useSelector(library, (s) => s.hasTag('editing'))
  const busy = useSelector(library, (s) => s.hasTag('editing') && s.hasTag('busy'))
  const draft = useSelector(library, (s) => s.context.edit)
  const blank = !draft.title.trim() || !draft.content.trim()
  const styles = promptDialog()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open: next }) => {
        if (!next) library.send({ type: 'form.cancel' })
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.content}>
            <form
              onSubmit={(e) => {
                e.preventDefault()
                library.send({ type: 'edit.submit' })
              }}
            >
              <div className={styles.header}>
                <Dialog.Title className={styles.title}>Edit Prompt</Dialog.Title>
              </div>
              <div className={styles.body}>
                <label>
                  <span className={fieldLabel}>Title</span>
                  <input
                    className={textField}
                    value={draft.title}
                    onChange={(e) =>
                      library.send({ type: 'edit.change', patch: { title: e.target.value } })
                    }
                  />
                </label>
                <label>
                  <span className={fieldLabel}>Content</span>
                  <textarea
                    rows={6}
                    className={textField}
                    value={draft.content}
                    onChange={(e) =>
                      library.send({ type: 'edit.change', patch: { content: e.target.value } })
                    }
                  />
                </label>
              </div>
              <div className={styles.footer}>
                <button
                  type="button"
                  className={button({ variant: 'outline' })}
                  disabled={busy}
                  onClick={() => library.send({ type: 'form.cancel' })}
                >
                  Cancel
                </button>
                <button type="submit" className={button()} disabled={blank || busy}>
                  Save Changes
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
