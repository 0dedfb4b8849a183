import { createContext, type ReactNode, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { authMachine } from '../machines/auth.machine'
import type { chatMachine } from '../machines/chat.machine'
import type { modelPickerMachine } from '../machines/model-picker.machine'
import type { themeMachine } from '../machines/theme.machine'
import type { PromptActorRefs } from './prompt-actors'

/** The running actors the views bind to. Created once at start-up (see src/bindings). */
export interface AppActors {
  auth: ActorRefFrom<typeof authMachine>
  theme: ActorRefFrom<typeof themeMachine>
  chat: ActorRefFrom<typeof chatMachine>
  modelPicker: ActorRefFrom<typeof modelPickerMachine>
  prompts: PromptActorRefs
}

const AppActorsContext = createContext<AppActors | null>(null)

export function AppActorsProvider({
  actors,
  children,
}: {
  actors: AppActors
  children: ReactNode
}) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>
}

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext)
  if (!actors) throw new Error('useAppActors must be used inside <AppActorsProvider>')
  return actors
}
