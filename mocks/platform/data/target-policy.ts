import { isIP } from 'node:net'
import { isForbiddenAddress } from './address-policy'
import type { HostLookup } from './host-lookup'

/**
 * Where a URL given to the data API goes (docs/security.md, Fetch policy). The platform never
 * fetches anything over the network, so no Host header, redirect or encoded path can point it
 * at a service on this machine:
 * - `fixture`: a /fixtures page of the configured public origin, read in-process;
 * - `refused`: the host is, or resolves to, an address outside the public internet;
 * - `offline`: every other URL gets the deterministic offline answer, also when its name does
 *   not resolve (the platform is offline by design and may run without DNS).
 */
export type TargetRoute =
  | { kind: 'fixture'; path: string }
  | { kind: 'offline' }
  | { kind: 'refused'; message: string }

/** A route the data API answers along: everything but a refusal. */
export type AnsweredRoute = Exclude<TargetRoute, { kind: 'refused' }>

export interface TargetPolicy {
  /** The configured origin the platform is served under; never the request's Host. */
  publicOrigin: string
  lookupHost: HostLookup
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * The path under /fixtures/ when `url` names a fixture page of the public origin, else null.
 * The URL parser has already resolved dot segments (`%2e%2e` too); the first segment is
 * compared decoded, as the server's router would match it.
 */
function fixturePath(url: URL, publicOrigin: string): string | null {
  if (url.origin !== new URL(publicOrigin).origin) return null
  const [, first = '', ...rest] = url.pathname.split('/')
  return decodeSegment(first) === 'fixtures' ? `/${rest.join('/')}` : null
}

/** Host names that are loopback by definition (RFC 6761), whatever a resolver says. */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.replace(/\.+$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}

const refused = (url: URL): TargetRoute => ({
  kind: 'refused',
  message: `The URL ${url.href} resolves to a private or loopback address, which the data API does not fetch`,
})

export async function routeTarget(url: URL, policy: TargetPolicy): Promise<TargetRoute> {
  const path = fixturePath(url, policy.publicOrigin)
  if (path !== null) return { kind: 'fixture', path }
  // The parser has already turned 0x7f.1, 2130706433 and 0177.0.0.1 into dotted decimal.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (isIP(host) !== 0) {
    return isForbiddenAddress(host) ? refused(url) : { kind: 'offline' }
  }
  if (isLoopbackName(host)) return refused(url)
  let addresses: { address: string }[]
  try {
    addresses = await policy.lookupHost(host)
  } catch {
    return { kind: 'offline' }
  }
  // One forbidden answer is enough: a name may list a public and a private address.
  return addresses.some(({ address }) => isForbiddenAddress(address))
    ? refused(url)
    : { kind: 'offline' }
}
