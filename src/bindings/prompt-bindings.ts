import { toast } from 'sonner'
import { type ActorRefFrom, createActor, fromPromise } from 'xstate'

import { addressWithoutQuery } from '../domain/share-link'
import type { authMachine } from '../machines/auth.machine'
import { promptActivationMachine } from '../machines/prompt-activation.machine'
import { promptLibraryMachine } from '../machines/prompt-library.machine'
import type { Notice } from '../machines/prompt-notice'
import { quickPromptsMachine } from '../machines/quick-prompts.machine'
import { sharedPromptMachine } from '../machines/shared-prompt.machine'
import type { PlatformClient } from '../platform/index'
import type { BrowserEnv } from './browser-env'
import { createPromptData } from './prompt-data'
import { notifyParent, type ParentWindow } from './prompt-parent'

/** The three events the chat actor takes from the prompt features (issue 4's chat machine). */
export type ChatPortEvent =
  | { type: 'input.change'; value: string }
  | { type: 'message.send' }
  | { type: 'systemPrompt.changed'; prompt: { id: string; title: string; content: string } | null }

export interface ChatPort {
  send(event: ChatPortEvent): void
}

export function showNotice({ kind, message }: Notice): void {
  if (kind === 'error') {
    console.error(message)
    toast.error(message)
  } else if (kind === 'info') toast.info(message)
  else toast.success(message)
}

interface PromptActorsOptions {
  platform: PlatformClient
  env: BrowserEnv
  auth: ActorRefFrom<typeof authMachine>
  chat: ChatPort
  authUrl: string
  /** The embedding page, when the app runs in an iframe. */
  parent?: ParentWindow | null
  referrer?: string
  notify?: (notice: Notice) => void
  now?: () => number
}

/** The prompt library, activation, quick prompts and shared prompt actors, started and wired. */
export function createPromptActors(options: PromptActorsOptions) {
  const { platform, env, auth, chat } = options
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showNotice)(notice)
  const userId = () => {
    const user = auth.getSnapshot().context.user
    if (!user) throw new Error('Not authenticated')
    return user.id
  }
  const data = createPromptData(platform.db, userId, options.now)
  const fillInput = (_: unknown, { content }: { content: string }) =>
    chat.send({ type: 'input.change', value: content })
  const refreshLists = () => {
    library.send({ type: 'library.refresh' })
    quickPrompts.send({ type: 'quick.refresh' })
  }

  const library = createActor(
    promptLibraryMachine.provide({
      actors: {
        'load prompts': fromPromise(({ input }) => data.loadLibrary(input.tab)),
        'create prompt': fromPromise(({ input }) => data.createPrompt(input)),
        'update prompt': fromPromise(({ input }) => data.updatePrompt(input)),
        'rate prompt': fromPromise(({ input }) => data.ratePrompt(input.promptId, input.rating)),
        'save prompt copy': fromPromise(({ input }) => data.saveCopy(input.prompt)),
        'delete or hide prompt': fromPromise(async ({ input }) => {
          const outcome = await data.deleteOrHide(input.prompt)
          // A deleted active prompt must leave the chat and the header badge too.
          if (activation.getSnapshot().context.active?.id === input.prompt.id) {
            activation.send({ type: 'active.reload' })
          }
          return outcome
        }),
        'copy text': fromPromise(async ({ input }) => {
          await navigator.clipboard.writeText(input.text)
        }),
      },
      actions: { notify, 'fill chat input': fillInput },
    }),
    // Share links point at the address the app is served from, read through the env seam.
    { input: { shareOrigin: new URL(env.currentHref()).origin } },
  )

  const activation = createActor(
    promptActivationMachine.provide({
      actors: {
        'load active prompt': fromPromise(() => data.loadActive()),
        'activate prompt': fromPromise(({ input }) => data.activate(input.prompt.id)),
        'deactivate prompt': fromPromise(({ input }) => data.deactivate(input.prompt.id)),
      },
      actions: {
        notify,
        'tell chat': (_, { prompt }) => chat.send({ type: 'systemPrompt.changed', prompt }),
        'notify parent': (_, { prompt }) =>
          notifyParent(options.parent ?? null, options.referrer ?? '', options.authUrl, prompt),
        'announce change': refreshLists,
      },
    }),
  )

  const quickPrompts = createActor(
    quickPromptsMachine.provide({
      actors: {
        'load quick prompts': fromPromise(() => data.loadQuick()),
        'add quick prompt': fromPromise(({ input }) => data.addQuick(input.prompt.id)),
        'remove quick prompt': fromPromise(({ input }) => data.removeQuick(input.entry.id)),
      },
      actions: {
        notify,
        'fill chat input': fillInput,
        'send message': () => chat.send({ type: 'message.send' }),
      },
    }),
  )

  const sharedPrompt = createActor(
    sharedPromptMachine.provide({
      actors: {
        'add shared prompt': fromPromise(({ input }) => data.addShared(input.prompt)),
      },
      actions: {
        notify,
        'reset address': () => env.replaceHref(addressWithoutQuery(env.currentHref())),
        'announce change': refreshLists,
      },
    }),
    { input: { href: env.currentHref() } },
  )

  library.start()
  activation.start()
  quickPrompts.start()
  sharedPrompt.start()

  // The active prompt belongs to a session: load it on sign-in, forget it on sign-out.
  let signedIn = false
  const follow = (snapshot: ReturnType<typeof auth.getSnapshot>) => {
    const now = snapshot.hasTag('signedIn')
    if (now === signedIn) return
    signedIn = now
    if (now) activation.send({ type: 'session.start' })
    else {
      activation.send({ type: 'session.end' })
      library.send({ type: 'library.close' })
      quickPrompts.send({ type: 'quick.close' })
    }
  }
  auth.subscribe(follow)
  follow(auth.getSnapshot())

  return { library, activation, quickPrompts, sharedPrompt }
}

export type PromptActors = ReturnType<typeof createPromptActors>
