import { useSelector } from '@xstate/react'
import type { AnyActorRef } from 'xstate'
import { useAppActors, useSessionActors } from './app-actors'
import { lazyDialog, useWhenIdle } from './lazy-view'

// The signed-in screen's dialogs, each in its own chunk loaded on first open
// (docs/performance.md, "Split"). What opens each one is read here, so that nothing of a
// dialog's module is needed to know it is closed.

const ModelPicker = lazyDialog(
  () => import('../chat/model-picker-dialog').then((m) => m.ModelPickerDialog),
  () => useSelector(useSessionActors().models, (s) => s.hasTag('open')),
)

const ApiKeys = lazyDialog(
  () => import('../chat/api-keys-dialog').then((m) => m.ApiKeysDialog),
  () => useSelector(useSessionActors().models, (s) => s.children.apiKeys !== undefined),
)

const Library = lazyDialog(
  () => import('../prompts/prompt-library-dialog').then((m) => m.PromptLibraryDialog),
  () => useSelector(useSessionActors().prompts.library, (s) => s?.hasTag('open') ?? false),
)

const QuickPrompts = lazyDialog(
  () => import('../prompts/quick-prompts-panel').then((m) => m.QuickPromptsPanel),
  () => useSelector(useSessionActors().prompts.quickPrompts, (s) => s?.hasTag('open') ?? false),
)

const hasForm = (s: { children: Record<string, AnyActorRef | undefined> } | undefined) =>
  s?.children.variables !== undefined

function useVariablesOpen() {
  const { library, quickPrompts, activation, picker } = useSessionActors().prompts
  const fromLibrary = useSelector(library, hasForm)
  const fromQuick = useSelector(quickPrompts, hasForm)
  const fromActivation = useSelector(activation, hasForm)
  const fromPicker = useSelector(picker, hasForm)
  return fromLibrary || fromQuick || fromActivation || fromPicker
}

const Variables = lazyDialog(
  () => import('../prompts/prompt-variables-dialog').then((m) => m.PromptVariablesDialog),
  useVariablesOpen,
)

const Style = lazyDialog(
  () => import('../style/style-dialog').then((m) => m.StyleDialog),
  () => useSelector(useAppActors().style, (s) => s.hasTag('editing')),
)

const InstallExtension = lazyDialog(
  () => import('../extension/install-extension-dialog').then((m) => m.InstallExtensionDialog),
  () => useSelector(useSessionActors().installExtension, (s) => s?.hasTag('open') ?? false),
)

const DeleteConversation = lazyDialog(
  () =>
    import('../conversations/delete-conversation-dialog').then((m) => m.DeleteConversationDialog),
  () => useSelector(useSessionActors().conversations, (s) => s.hasTag('confirmingDelete')),
)

const Search = lazyDialog(
  () => import('../search/search-dialog').then((m) => m.SearchDialog),
  () => useSelector(useSessionActors().search, (s) => s?.matches('open') ?? false),
)

const Shortcuts = lazyDialog(
  () => import('./shortcuts-dialog').then((m) => m.ShortcutsDialog),
  () => useSelector(useSessionActors().panels, (s) => s.hasTag('shortcutsOpen')),
)

/** Mounted once on the signed-in screen; each dialog renders nothing until it first opens. */
export function SignedInDialogs() {
  // After sign-in the next step is picking a model, then the keys or the library: have them
  // ready before the click.
  const { app } = useAppActors()
  // The library stands for the extras: they start together (app.machine.ts).
  const { library } = useSessionActors().prompts
  useWhenIdle(() => {
    void ModelPicker.preload().then(() => Promise.all([ApiKeys.preload(), Library.preload()]))
    app.send({ type: 'extras.preload' })
  })
  return (
    <>
      <ModelPicker.Dialog />
      <ApiKeys.Dialog />
      {library && <Library.Dialog />}
      {library && <QuickPrompts.Dialog />}
      {/* After the library and the panel, so it opens over the one that asked for it. */}
      <Variables.Dialog />
      <Style.Dialog />
      {library && <InstallExtension.Dialog />}
      <DeleteConversation.Dialog />
      {library && <Search.Dialog />}
      <Shortcuts.Dialog />
    </>
  )
}
