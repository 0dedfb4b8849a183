import type { PlatformClient } from '../platform/index'
import { provideInstallExtension } from './install-extension-effects'
import { provideSearch } from './search-effects'

/**
 * The session's extras that are not prompt features: search and the install dialog. Their
 * code loads after the first paint, with the library's (docs/performance.md, "Split").
 */
export function provideExtras(platform: PlatformClient) {
  return { search: provideSearch(platform), installExtension: provideInstallExtension() }
}

export type ExtrasLogic = ReturnType<typeof provideExtras>
