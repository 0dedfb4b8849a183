import { lookup } from 'node:dns/promises'

/** Every address a host name resolves to; injected, so tests decide what a name resolves to. */
export type HostLookup = (hostname: string) => Promise<{ address: string; family: number }[]>

/** A DNS server that never answers must not hold a request open: the name counts as unresolved. */
const LOOKUP_TIMEOUT_MS = 3_000

/** The system resolver (getaddrinfo, so /etc/hosts too), every address of the name. */
export const systemLookup: HostLookup = (hostname) => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`DNS lookup of ${hostname} timed out`)),
      LOOKUP_TIMEOUT_MS,
    )
  })
  return Promise.race([lookup(hostname, { all: true }), timeout]).finally(() => clearTimeout(timer))
}
