import { useSelector } from '@xstate/react'
import { PromptFormDialog, PromptTextFields } from './prompt-form'
import { PromptKindFields } from './prompt-kind-fields'
import { useLibrary } from './use-extras'

/**
 * Edit Prompt (docs/product/screens.md#edit-prompt): title and content of one's own prompt, and
 * its type and visibility, so changing them keeps its ratings.
 */
export function PromptEditDialog() {
  const library = useLibrary()
  const open = useSelector(library, (s) => s.hasTag('editing'))
  const busy = useSelector(library, (s) => s.hasTag('editing') && s.hasTag('busy'))
  const draft = useSelector(library, (s) => s.context.edit)
  // The prompt as the list has it: what the draft started from.
  const saved = useSelector(library, (s) => s.context.prompts.find((p) => p.id === draft.id))
  const changed =
    draft.title !== saved?.title ||
    draft.content !== saved?.content ||
    draft.type !== saved?.type ||
    draft.isPublic !== (saved?.isPublic === '1')
  return (
    <PromptFormDialog
      open={open}
      title="Edit Prompt"
      submitLabel="Save Changes"
      busy={busy}
      blank={!draft.title.trim() || !draft.content.trim()}
      changed={changed}
      onCancel={() => library.send({ type: 'form.cancel' })}
      onSubmit={() => library.send({ type: 'edit.submit' })}
    >
      <PromptTextFields
        title={draft.title}
        content={draft.content}
        onChange={(patch) => library.send({ type: 'edit.change', patch })}
      />
      <PromptKindFields
        type={draft.type}
        isPublic={draft.isPublic}
        onChange={(patch) => library.send({ type: 'edit.change', patch })}
      />
    </PromptFormDialog>
  )
}
