import { describe, expect, it } from 'vitest'
import { DEFAULT_STYLE_CONFIG } from '../../../src/domain/style-config'
import {
  buildStyleLink,
  MAX_STYLE_LINK_CHARS,
  parseStyleLink,
  parseStylePayload,
  stripStyleParam,
} from '../../../src/domain/style-link'

const ORIGIN = 'http://localhost:3000'
const link = (value: unknown) =>
  `${ORIGIN}/?style=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`

describe('building a style link (docs/product/style.md#style-link)', () => {
  it('is the origin, `?style=` and the URL-encoded JSON of the config', () => {
    expect(buildStyleLink(ORIGIN, DEFAULT_STYLE_CONFIG)).toBe(
      `${ORIGIN}/?style=${encodeURIComponent(JSON.stringify(DEFAULT_STYLE_CONFIG))}`,
    )
  })
})

describe('reading a style link', () => {
  it('is none without the parameter or with an address that is not one', () => {
    expect(parseStyleLink(`${ORIGIN}/?prompt=x`)).toEqual({ kind: 'none' })
    expect(parseStyleLink('not a url')).toEqual({ kind: 'none' })
  })

  it('lays the keys it has over the defaults, normalises colours and drops unknown keys', () => {
    expect(parseStyleLink(link({ primaryColor: '#2563eb', fontFamily: 'Lato', extra: 1 }))).toEqual(
      {
        kind: 'style',
        config: { ...DEFAULT_STYLE_CONFIG, primaryColor: '#2563EB', fontFamily: 'Lato' },
      },
    )
    expect(parseStyleLink(link({}))).toEqual({ kind: 'style', config: DEFAULT_STYLE_CONFIG })
  })

  it('refuses the whole link for one bad value', () => {
    for (const bad of [
      { fontFamily: 'Inter; } body { display:none' },
      { primaryColor: 'red;background:url(x)' },
      { accentColor: '#F59E0B ' },
      { fontSize: 'huge' },
      { theme: 'Dark' },
      { animations: 'yes' },
      { showAvatars: null },
      { borderRadius: 8 },
    ])
      expect([bad, parseStyleLink(link(bad))]).toEqual([bad, { kind: 'invalid' }])
  })

  it('refuses text that is not a JSON object', () => {
    for (const raw of [
      '{not json',
      '[]',
      '[{"theme":"light"}]',
      'null',
      '"dark"',
      '42',
      'true',
      '',
    ])
      expect([raw, parseStylePayload(raw)]).toEqual([raw, { kind: 'invalid' }])
  })

  it('refuses text longer than 4,000 characters', () => {
    const padded = (length: number) => {
      const start = `{"theme":"light","pad":"`
      return `${start}${'x'.repeat(length - start.length - 2)}"}`
    }
    expect(padded(MAX_STYLE_LINK_CHARS)).toHaveLength(4_000)
    expect(parseStylePayload(padded(MAX_STYLE_LINK_CHARS)).kind).toBe('style')
    expect(parseStylePayload(padded(MAX_STYLE_LINK_CHARS + 1))).toEqual({ kind: 'invalid' })
  })
})

describe('dropping the style parameter', () => {
  it('keeps the path, the other parameters as written, and the hash', () => {
    expect(stripStyleParam(`${ORIGIN}/?style=%7B%7D`)).toBe(`${ORIGIN}/`)
    expect(stripStyleParam(`${ORIGIN}/chat?a=1&style=%7B%7D&b=x%20y#top`)).toBe(
      `${ORIGIN}/chat?a=1&b=x%20y#top`,
    )
    expect(stripStyleParam(`${ORIGIN}/?flag&st%79le=1`)).toBe(`${ORIGIN}/?flag`)
    expect(stripStyleParam(`${ORIGIN}/?a=1#h`)).toBe(`${ORIGIN}/?a=1#h`)
    expect(stripStyleParam('not a url')).toBe('not a url')
  })
})
