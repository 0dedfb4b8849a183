import type { AppActors } from '../ui/shell/app-actors'
import { createAppActor } from './app-actor'
import type { BrowserEnv } from './browser-env'
import type { AppConfig } from './config'

/** Starts the actor system and hands the views its app-wide actors. Called once by main.tsx. */
export function startApp(config: AppConfig, env: BrowserEnv, fetchImpl?: typeof fetch): AppActors {
  const app = createAppActor(config, env, fetchImpl)
  app.start()
  const { auth, style, sharedPrompt } = app.getSnapshot().children
  if (!auth || !style || !sharedPrompt)
    throw new Error('The app machine started without its actors')
  return { app, auth, style, sharedPrompt }
}
