import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SERVER_FIELD_MESSAGES as M, normaliseBaseUrl } from '../../src/domain/server-url'

const scheme = fc.constantFrom('http', 'https', 'HTTP', 'Https')
const host = fc.oneof(
  fc.domain(),
  fc.ipV4(),
  fc.constantFrom('localhost', '[::1]', 'ollama.internal'),
)
const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined })
const segment = fc.stringMatching(/^[a-z0-9._~-]{1,12}$/)
const path = fc.array(segment, { maxLength: 4 }).map((parts) => parts.map((p) => `/${p}`).join(''))
const tail = fc.constantFrom('', '/', '/v1', '/v1/', '//', '/V1', '/v1/v1/')

/** A base URL as a user might type it: any scheme case, host, port, path and ending. */
const typedUrl = fc
  .tuple(scheme, host, port, path, tail, fc.constantFrom('', ' ', '\t'))
  .map(
    ([s, h, p, pth, t, pad]) =>
      `${pad}${s}://${h}${p === undefined ? '' : `:${p}`}${pth}${t}${pad}`,
  )

const normalised = (input: string) => {
  const result = normaliseBaseUrl(input)
  if (!result.ok) throw new Error(`${input} was refused: ${result.error}`)
  return result.url
}

describe('base URL normalisation', () => {
  it('accepts any http(s) URL and gives one stable form without a trailing slash or /v1', () => {
    fc.assert(
      fc.property(typedUrl, (input) => {
        const url = normalised(input)
        expect(url).toMatch(/^https?:\/\/[^/]/)
        expect(url.endsWith('/')).toBe(false)
        expect(url.toLowerCase().endsWith('/v1')).toBe(false)
        expect(normalised(url)).toBe(url)
        expect(new URL(url).origin).toBe(new URL(input.trim()).origin)
      }),
    )
  })

  it('the same server with or without /v1 and trailing slashes is one URL', () => {
    fc.assert(
      fc.property(typedUrl, tail, (input, extra) => {
        const url = normalised(input)
        expect(normalised(url + extra)).toBe(url)
      }),
    )
  })

  it('refuses anything that does not start with http:// or https://', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((s) => !/^\s*https?:\/\//i.test(s) && s.trim() !== ''),
        (input) => {
          expect(normaliseBaseUrl(input)).toEqual({ ok: false, error: M.urlScheme })
        },
      ),
    )
  })

  it('refuses credentials in the URL, whatever they are', () => {
    fc.assert(
      fc.property(
        typedUrl,
        fc.stringMatching(/^[a-zA-Z0-9]{1,10}$/),
        fc.option(fc.stringMatching(/^[a-zA-Z0-9]{1,10}$/), { nil: undefined }),
        (input, user, password) => {
          const withCredentials = input
            .trim()
            .replace('://', `://${user}${password === undefined ? '' : `:${password}`}@`)
          expect(normaliseBaseUrl(withCredentials)).toEqual({
            ok: false,
            error: M.urlCredentials,
          })
        },
      ),
    )
  })
})
