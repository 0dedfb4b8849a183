import type { RecordedProviderRequest } from './fake-types'
import { maskKey } from './mask-key'

const KEY_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key']

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
