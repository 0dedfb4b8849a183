import { fromPromise } from 'xstate'
import { searchMachine } from '../machines/search.machine'
import type { PlatformClient } from '../platform/index'
import { searchEverything } from './search-everything'

/** The search machine on the database's own full-text search (docs/product/search.md). */
export function provideSearch(platform: PlatformClient) {
  return searchMachine.provide({
    actors: {
      search: fromPromise(({ input }) => searchEverything(platform.db, input.query)),
    },
  })
}
