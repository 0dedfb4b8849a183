import type { RecordedProviderRequest } from './fake-types'
import { maskKey } from './mask-key'

const KEY_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key']

/** The API key a request was sent with (a bearer token, a key header or `key` parameter). */
export function keySentWith(request: RecordedProviderRequest): string | null {
  for (const name of KEY_HEADERS) {
    const value = request.headers[name]
    if (value !== undefined) return value.replace(/^Bearer /, '')
  }
  return new URL(request.url).searchParams.get('key')
}

/** The requests sent with one of `keys`; all of them when no key is named. */
export function sentWithKeys(
  requests: readonly RecordedProviderRequest[],
  keys: readonly string[],
): RecordedProviderRequest[] {
  if (keys.length === 0) return [...requests]
  return requests.filter((request) => keys.includes(keySentWith(request) ?? ''))
}

/**
 * A recorded request safe to hand out over HTTP: every key (bearer, header or `key` query
 * parameter) is cut to its last 4 characters; the rest is as received.
 */
export function maskRecordedRequest(request: RecordedProviderRequest): RecordedProviderRequest {
  const headers = { ...request.headers }
  for (const name of KEY_HEADERS) {
    const value = headers[name]
    if (value === undefined) continue
    const bearer = /^Bearer /.exec(value)?.[0] ?? ''
    headers[name] = bearer + maskKey(value.slice(bearer.length))
  }
  const url = new URL(request.url)
  const key = url.searchParams.get('key')
  if (key !== null) url.searchParams.set('key', maskKey(key))
  return { ...request, headers, url: url.href }
}
