import { fromPromise } from 'xstate'
import type { ParentBridge } from '../bridge/parent-window'
import { addressWithoutQuery } from '../domain/share-link'
import type { Notice } from '../machines/notice'
import { promptActivationMachine } from '../machines/prompt-activation.machine'
import { promptLibraryMachine } from '../machines/prompt-library.machine'
import { quickPromptsMachine } from '../machines/quick-prompts.machine'
import { sharedPromptMachine } from '../machines/shared-prompt.machine'
import type { PlatformClient } from '../platform/index'
import type { AddressBar } from './address-bar'
import { showToast } from './notify'
import { createPromptData } from './prompt-data'

export interface PromptEffectsOptions {
  platform: PlatformClient
  address: AddressBar
  bridge: ParentBridge
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  notify?: (notice: Notice) => void
  now?: () => number
}

/**
 * The prompt features' effects: the data (prompt-data.ts), the clipboard, the address and the
 * parent window. What one feature tells another (fill the chat, refresh the lists) is routed
 * by the app machine, not here (docs/architecture.md, "The actor system").
 */
export function providePrompts(options: PromptEffectsOptions) {
  const { address } = options
  const notify = (_: unknown, notice: Notice) => (options.notify ?? showToast)(notice)
  const data = createPromptData(options.platform.db, options.currentUserId, options.now)

  const library = promptLibraryMachine.provide({
    actors: {
      'load prompts': fromPromise(({ input }) => data.loadLibrary(input.tab)),
      'create prompt': fromPromise(({ input }) => data.createPrompt(input)),
      'update prompt': fromPromise(({ input }) => data.updatePrompt(input)),
      'rate prompt': fromPromise(({ input }) => data.ratePrompt(input.promptId, input.rating)),
      'save prompt copy': fromPromise(({ input }) => data.saveCopy(input.prompt)),
      'delete or hide prompt': fromPromise(({ input }) => data.deleteOrHide(input.prompt)),
      'copy text': fromPromise(async ({ input }) => {
        await navigator.clipboard.writeText(input.text)
      }),
    },
    actions: { notify },
  })

  const activation = promptActivationMachine.provide({
    actors: {
      'load active prompt': fromPromise(() => data.loadActive()),
      'activate prompt': fromPromise(({ input }) => data.activate(input.prompt.id)),
      'deactivate prompt': fromPromise(({ input }) => data.deactivate(input.prompt.id)),
    },
    actions: {
      notify,
      'notify parent': (_, { prompt }) => options.bridge.tellActivePrompt(prompt),
    },
  })

  const quickPrompts = quickPromptsMachine.provide({
    actors: {
      'load quick prompts': fromPromise(() => data.loadQuick()),
      'add quick prompt': fromPromise(({ input }) => data.addQuick(input.prompt.id)),
      'remove quick prompt': fromPromise(({ input }) => data.removeQuick(input.entry.id)),
    },
    actions: { notify },
  })

  const sharedPrompt = sharedPromptMachine.provide({
    actors: {
      'add shared prompt': fromPromise(({ input }) => data.addShared(input.prompt)),
    },
    actions: {
      notify,
      'reset address': () => address.replaceHref(addressWithoutQuery(address.currentHref())),
    },
  })

  return { library, activation, quickPrompts, sharedPrompt }
}
