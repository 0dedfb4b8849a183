import { describe, expect, test } from 'vitest'
import {
  ATTRIBUTION_KEY,
  landingAttribution,
  resolveAttribution,
} from '../../../../src/platform/analytics/attribution'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

describe('UTM attribution', () => {
  test('a tagged landing gives all five tags and the channel', () => {
    expect(
      landingAttribution(
        'https://app.example.com/?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_content=ad-1&utm_term=ai+chat',
        '',
      ),
    ).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_content: 'ad-1',
      utm_term: 'ai chat',
      referrer: null,
      channel: 'Paid Search',
    })
  })

  test('a direct landing is no new touch', () => {
    expect(landingAttribution('https://app.example.com/', '')).toBeNull()
    expect(landingAttribution('https://app.example.com/', 'https://app.example.com/x')).toBeNull()
  })

  test('last non-direct touch: kept through direct visits, replaced by a new source', () => {
    const storage = memoryStorage()
    const campaign = resolveAttribution(
      storage,
      'https://app.example.com/?utm_source=newsletter&utm_medium=email&utm_campaign=may',
      '',
    )
    expect(campaign.channel).toBe('Email')
    expect(JSON.parse(storage.map.get(ATTRIBUTION_KEY) ?? '{}').utm_campaign).toBe('may')

    const later = resolveAttribution(storage, 'https://app.example.com/', '')
    expect(later).toEqual(campaign)

    const search = resolveAttribution(
      storage,
      'https://app.example.com/',
      'https://www.google.com/',
    )
    expect(search).toMatchObject({
      channel: 'Organic Search',
      utm_campaign: null,
      referrer: 'https://www.google.com/',
    })
    expect(resolveAttribution(storage, 'https://app.example.com/', '').channel).toBe(
      'Organic Search',
    )
  })

  test('nothing stored and nothing to go on: Direct', () => {
    expect(resolveAttribution(memoryStorage(), 'https://app.example.com/', '')).toMatchObject({
      channel: 'Direct',
      utm_source: null,
    })
  })

  test('a corrupted stored value is ignored rather than thrown', () => {
    const storage = memoryStorage()
    storage.setItem(ATTRIBUTION_KEY, '{not json')
    expect(resolveAttribution(storage, 'https://app.example.com/', '').channel).toBe('Direct')
  })
})
