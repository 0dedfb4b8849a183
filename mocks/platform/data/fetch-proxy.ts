import type { FetchResponse } from '../../../contract/fetch-result'
import { isPlainObject } from '../http/json-error'
import { readFixture } from './fixture-pages'
import type { AnsweredRoute } from './target-policy'
import { checkTargetUrl } from './target-url'

/** `POST /fetch`: one HTTP request made on the caller's behalf, and its answer. */

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
const MAX_BODY_BYTES = 5 * 1024 * 1024

export interface ProxyRequest {
  url: URL
  method: string
  headers: Record<string, string>
  body?: string
  async: boolean
}

export type ProxyCheck = { ok: true; request: ProxyRequest } | { ok: false; message: string }

export function readProxyRequest(input: Record<string, unknown>): ProxyCheck {
  const target = checkTargetUrl(input.url)
  if (!target.ok) return target
  const method = input.method === undefined ? 'GET' : input.method
  if (typeof method !== 'string' || !METHODS.includes(method.toUpperCase())) {
    return { ok: false, message: `method must be one of ${METHODS.join(', ')}` }
  }
  const headers = input.headers ?? {}
  if (!isPlainObject(headers) || Object.values(headers).some((v) => typeof v !== 'string')) {
    return { ok: false, message: 'headers must be an object of string values' }
  }
  if (input.async !== undefined && typeof input.async !== 'boolean') {
    return { ok: false, message: 'async must be a boolean' }
  }
  let body: string | undefined
  if (input.body !== undefined && input.body !== null) {
    body = typeof input.body === 'string' ? input.body : JSON.stringify(input.body)
  }
  if (body !== undefined && ['GET', 'HEAD'].includes(method.toUpperCase())) {
    return { ok: false, message: `A ${method.toUpperCase()} request cannot have a body` }
  }
  return {
    ok: true,
    request: {
      url: target.url,
      method: method.toUpperCase(),
      headers: headers as Record<string, string>,
      body,
      async: input.async === true,
    },
  }
}

/** JSON answers are given back parsed, everything else as text. */
function readBody(text: string, contentType: string): unknown {
  if (!/\bjson\b/i.test(contentType) || !text) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Answers the request along `route` (see target-policy.ts): a fixture page of the own origin
 * is read in-process, anything else gets an offline echo of what was asked, so callers still see
 * a realistic status, headers and body. Nothing goes over the network, so there is no redirect
 * to follow.
 */
export async function performProxyRequest(
  request: ProxyRequest,
  route: AnsweredRoute,
): Promise<FetchResponse> {
  const started = performance.now()
  if (route.kind === 'offline') {
    const echo = {
      offline: true,
      url: request.url.href,
      method: request.method,
      headers: request.headers,
      body: request.body === undefined ? null : readBody(request.body, 'json'),
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/json', 'x-offline-response': 'true' },
      body: request.method === 'HEAD' ? '' : echo,
      durationMs: Math.round(performance.now() - started),
    }
  }
  const response = await readFixture(route.path, request.method)
  const bytes = await response.arrayBuffer()
  const text = new TextDecoder().decode(bytes.slice(0, MAX_BODY_BYTES))
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: readBody(text, response.headers.get('content-type') ?? ''),
    durationMs: Math.round(performance.now() - started),
  }
}
