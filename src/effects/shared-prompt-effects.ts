import { fromPromise } from 'xstate'
import { addressWithoutQuery } from '../domain/share-link'
import type { Notice } from '../machines/notice'
import { sharedPromptMachine } from '../machines/shared-prompt.machine'
import type { PlatformClient } from '../platform/index'
import type { AddressBar } from './address-bar'
import { showToast } from './notify'
import { addSharedPrompt } from './private-prompts'

export interface SharedPromptEffectsOptions {
  platform: PlatformClient
  address: AddressBar
  /** The signed-in user's id; throws when nobody is. */
  currentUserId: () => string
  notify?: (notice: Notice) => void
}

/**
 * A shared link's effects (docs/product/screens.md#shared-prompt-banner). Apart from the session's prompt effects:
 * the signed-out card previews the link, so this loads with the first paint.
 */
export function provideSharedPrompt(options: SharedPromptEffectsOptions) {
  const { address, platform } = options
  return sharedPromptMachine.provide({
    actors: {
      'add shared prompt': fromPromise(({ input }) =>
        addSharedPrompt(platform.db, options.currentUserId(), input.prompt, Date.now()),
      ),
    },
    actions: {
      notify: (_, notice: Notice) => (options.notify ?? showToast)(notice),
      'reset address': () => address.replaceHref(addressWithoutQuery(address.currentHref())),
    },
  })
}
