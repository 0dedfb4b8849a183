import type { ActorRefFrom } from 'xstate'
import type { promptLibraryMachine } from '../../machines/prompt-library.machine'
import type { quickPromptsMachine } from '../../machines/quick-prompts.machine'
import { useSessionActors } from '../shell/app-actors'

// The library and the quick prompts start once their code has loaded (docs/performance.md,
// "Split"), and their own views render only after it has.

function started<Actor>(actor: Actor | undefined, name: string): Actor {
  if (!actor) throw new Error(`${name} has not started`)
  return actor
}

/** The library actor, for the library's own views. */
export function useLibrary(): ActorRefFrom<typeof promptLibraryMachine> {
  return started(useSessionActors().prompts.library, 'The Prompt Library')
}

/** The quick prompts actor, for the panel and the library's cards. */
export function useQuickPrompts(): ActorRefFrom<typeof quickPromptsMachine> {
  return started(useSessionActors().prompts.quickPrompts, 'Quick Prompts')
}
