import type { KeyValueStorage, PlatformClient } from '../platform/index'
import { provideAttachmentPreviews } from './attachment-previews-effects'
import { provideComposerAttachments } from './composer-attachments-effects'
import { provideInstallExtension } from './install-extension-effects'
import { provideLiveChanges } from './live-changes-effects'
import { provideOrganise } from './organise-effects'
import { provideSearch } from './search-effects'
import { provideUsage } from './usage-effects'

/**
 * The session's extras that are not prompt features: search, organising conversations, this
 * month's usage (read when the keys dialog shows it) and the install dialog. Their code loads after the first paint, with the library's
 * (docs/performance.md, "Split").
 */
export function provideExtras({
  platform,
  currentUserId,
  storage,
}: {
  platform: PlatformClient
  currentUserId: () => string
  storage: KeyValueStorage
}) {
  return {
    attachments: provideComposerAttachments({ platform, currentUserId }),
    previews: provideAttachmentPreviews(platform),
    search: provideSearch(platform),
    organise: provideOrganise({ platform, currentUserId, storage }),
    usage: provideUsage({ platform, currentUserId }),
    installExtension: provideInstallExtension(),
    live: provideLiveChanges({ platform, currentUserId, storage }),
  }
}

export type ExtrasLogic = ReturnType<typeof provideExtras>
