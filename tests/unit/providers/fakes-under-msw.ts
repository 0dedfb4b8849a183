import { beforeEach } from 'vitest'
import { providerHandlers } from '../../../mocks/msw/provider-handlers'
import {
  createProviderFakes,
  type ProviderFakes,
} from '../../../mocks/providers/create-provider-fakes'
import { mswServer } from '../../support/msw-server'

/**
 * Fresh provider fakes at the real provider URLs for every test of the file; `[slow:ms]`
 * resolves at once. Read the current fakes through the returned getter.
 */
export function useProviderFakes(): () => ProviderFakes {
  let fakes: ProviderFakes
  beforeEach(() => {
    fakes = createProviderFakes({ sleep: async () => {}, now: () => 1_700_000_000_000 })
    mswServer.use(...providerHandlers(fakes))
  })
  return () => fakes
}
