import { PromptLibraryDialog } from './prompt-library-dialog'
import { QuickPromptsPanel } from './quick-prompts-panel'

/** The prompt features' dialogs and panel; mounted once on the signed-in screen. */
export function PromptOverlays() {
  return (
    <>
      <PromptLibraryDialog />
      <QuickPromptsPanel />
    </>
  )
}
