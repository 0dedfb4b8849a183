import type { ActorRefFrom } from 'xstate'
import type { promptActivationMachine } from '../../machines/prompt-activation.machine'
import type { promptLibraryMachine } from '../../machines/prompt-library.machine'
import type { promptPickerMachine } from '../../machines/prompt-picker.machine'
import type { quickPromptsMachine } from '../../machines/quick-prompts.machine'

/** One session's prompt actors, as the views see them. */
export interface PromptActorRefs {
  /** Started when its code has loaded: once the page is idle, or on the first opening. */
  library?: ActorRefFrom<typeof promptLibraryMachine>
  activation: ActorRefFrom<typeof promptActivationMachine>
  /** Started with the library (its code loads with it). */
  quickPrompts?: ActorRefFrom<typeof quickPromptsMachine>
  /** The message input's `/` prompt picker; started with the library (its code loads with it). */
  picker?: ActorRefFrom<typeof promptPickerMachine>
}
