import { createContext, type ReactNode, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { appMachine } from '../../machines/app.machine'
import type { authMachine } from '../../machines/auth.machine'
import type { conversationsMachine } from '../../machines/conversations.machine'
import type { installExtensionMachine } from '../../machines/install-extension.machine'
import type { modelsMachine } from '../../machines/models.machine'
import type { openConversationMachine } from '../../machines/open-conversation.machine'
import type { organiseMachine } from '../../machines/organise.machine'
import type { panelsMachine } from '../../machines/panels.machine'
import type { searchMachine } from '../../machines/search.machine'
import type { sharedPromptMachine } from '../../machines/shared-prompt.machine'
import type { styleMachine } from '../../machines/style.machine'
import type { turnMachine } from '../../machines/turn.machine'
import type { usageMachine } from '../../machines/usage.machine'
import type { PromptActorRefs } from '../prompts/prompt-actors'

/** The actors that live as long as the page. Started once by src/app. */
export interface AppActors {
  /** The actor system; its children are every other actor. */
  app: ActorRefFrom<typeof appMachine>
  auth: ActorRefFrom<typeof authMachine>
  style: ActorRefFrom<typeof styleMachine>
  sharedPrompt: ActorRefFrom<typeof sharedPromptMachine>
}

/** One signed-in session's actors: fresh on every sign-in, stopped on sign-out. */
export interface SessionActors {
  /** The composer and the turn it sends: send, stream, stop, retry, regenerate. */
  turn: ActorRefFrom<typeof turnMachine>
  /** The conversation on screen, its only owner: which one (and the address), its pages. */
  openConversation: ActorRefFrom<typeof openConversationMachine>
  /** The conversations list: rename, delete, pin and move. */
  conversations: ActorRefFrom<typeof conversationsMachine>
  /** The models on offer, the one chosen, and the 'Select AI Model' dialog. */
  models: ActorRefFrom<typeof modelsMachine>
  prompts: PromptActorRefs
  /** This month's usage per provider, read when the keys dialog shows it, once its code has loaded. */
  usage?: ActorRefFrom<typeof usageMachine>
  /** The Install Chrome Extension dialog. */
  installExtension?: ActorRefFrom<typeof installExtensionMachine>
  /** Search over the user's conversations and prompts (Ctrl+K), once its code has loaded. */
  search?: ActorRefFrom<typeof searchMachine>
  /** Pins, folders and Move, once its code has loaded. */
  organise?: ActorRefFrom<typeof organiseMachine>
  /** The sidebar or its rail, the drawer, and the shortcut list. */
  panels: ActorRefFrom<typeof panelsMachine>
}

const AppActorsContext = createContext<AppActors | null>(null)
const SessionActorsContext = createContext<SessionActors | null>(null)

export function AppActorsProvider({
  actors,
  children,
}: {
  actors: AppActors
  children: ReactNode
}) {
  return <AppActorsContext.Provider value={actors}>{children}</AppActorsContext.Provider>
}

export function SessionActorsProvider({
  actors,
  children,
}: {
  actors: SessionActors
  children: ReactNode
}) {
  return <SessionActorsContext.Provider value={actors}>{children}</SessionActorsContext.Provider>
}

export function useAppActors(): AppActors {
  const actors = useContext(AppActorsContext)
  if (!actors) throw new Error('useAppActors must be used inside <AppActorsProvider>')
  return actors
}

/** The session's actors; only the signed-in screen (inside its provider) asks for them. */
export function useSessionActors(): SessionActors {
  const actors = useContext(SessionActorsContext)
  if (!actors) throw new Error('useSessionActors must be used inside <SessionActorsProvider>')
  return actors
}
