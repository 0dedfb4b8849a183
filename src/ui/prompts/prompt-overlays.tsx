import { PromptLibraryDialog } from './prompt-library-dialog'
import { PromptVariablesDialog } from './prompt-variables-dialog'
import { QuickPromptsPanel } from './quick-prompts-panel'

/** The prompt features' dialogs and panel; mounted once on the signed-in screen. */
export function PromptOverlays() {
  return (
    <>
      <PromptLibraryDialog />
      <QuickPromptsPanel />
      {/* Last, so it opens over the library or the panel that asked for it. */}
      <PromptVariablesDialog />
    </>
  )
}
