import { isIP } from 'node:net'
import type { HostLookup } from '../../mocks/platform/data/host-lookup'

/**
 * A resolver that knows only `names`: every other name fails as getaddrinfo does offline, so a
 * test never depends on the machine's DNS.
 */
export function fakeDns(names: Record<string, string[]> = {}): HostLookup {
  return async (hostname) => {
    const addresses = names[hostname]
    if (!addresses) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    }
    return addresses.map((address) => ({ address, family: isIP(address) }))
  }
}
