import { useSelector } from '@xstate/react'
import { PromptFormDialog, PromptTextFields } from './prompt-form'
import { PromptKindFields } from './prompt-kind-fields'
import { useLibrary } from './use-extras'

/** Create New Prompt (docs/product/screens.md#create-prompt): the draft lives in the library machine. */
export function PromptCreateDialog() {
  const library = useLibrary()
  const open = useSelector(library, (s) => s.hasTag('creating'))
  const busy = useSelector(library, (s) => s.hasTag('creating') && s.hasTag('busy'))
  const draft = useSelector(library, (s) => s.context.create)
  return (
    <PromptFormDialog
      open={open}
      title="Create New Prompt"
      submitLabel="Create Prompt"
      busy={busy}
      blank={!draft.title.trim() || !draft.content.trim()}
      changed={draft.title.trim() !== '' || draft.content.trim() !== ''}
      onCancel={() => library.send({ type: 'form.cancel' })}
      onSubmit={() => library.send({ type: 'create.submit' })}
    >
      <PromptTextFields
        title={draft.title}
        content={draft.content}
        onChange={(patch) => library.send({ type: 'create.change', patch })}
      />
      <PromptKindFields
        type={draft.type}
        isPublic={draft.isPublic}
        onChange={(patch) => library.send({ type: 'create.change', patch })}
      />
    </PromptFormDialog>
  )
}
