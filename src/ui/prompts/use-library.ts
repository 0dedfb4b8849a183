import type { ActorRefFrom } from 'xstate'
import type { promptLibraryMachine } from '../../machines/prompt-library.machine'
import { useSessionActors } from '../shell/app-actors'

/**
 * The library actor, for the library's own views. The library starts once its code has loaded
 * (docs/performance.md, "Split"), and these views render only after it has.
 */
export function useLibrary(): ActorRefFrom<typeof promptLibraryMachine> {
  const { library } = useSessionActors().prompts
  if (!library) throw new Error('The Prompt Library has not started')
  return library
}
