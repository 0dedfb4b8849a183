import type { KeyValueStorage } from '../types'
import { type Channel, classifyChannel } from './channel'

/**
 * Where the visitor came from: UTM tags and channel, persisted locally (docs/product/limits.md).
 *
 * Model: last non-direct touch. A landing that carries UTM tags or comes from another site
 * replaces the stored attribution; a direct landing (typed address, bookmark, reload, in-site
 * navigation) keeps it. So a visitor who came from a campaign stays attributed to it until
 * they arrive through another source, which is how the common analytics tools count.
 */

export interface Attribution {
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_content: string | null
  utm_term: string | null
  referrer: string | null
  channel: Channel
}

export const ATTRIBUTION_KEY = 'platform_analytics_attribution'
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const

function parseUrl(href: string): URL | null {
  try {
    return new URL(href)
  } catch {
    return null
  }
}

/** The attribution the current landing gives, or null when it is a direct one. */
export function landingAttribution(href: string, referrer: string): Attribution | null {
  const page = parseUrl(href)
  const params = page?.searchParams
  const utm = Object.fromEntries(
    UTM_KEYS.map((key) => [key, params?.get(key)?.trim() || null]),
  ) as Record<(typeof UTM_KEYS)[number], string | null>
  const tagged = UTM_KEYS.some((key) => utm[key])
  const channel = classifyChannel({
    utmSource: utm.utm_source,
    utmMedium: utm.utm_medium,
    referrer,
    ownHost: page?.hostname ?? null,
  })
  if (!tagged && channel === 'Direct') return null
  return { ...utm, referrer: referrer || null, channel }
}

const DIRECT: Attribution = {
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_content: null,
  utm_term: null,
  referrer: null,
  channel: 'Direct',
}

function readStored(storage: KeyValueStorage): Attribution | null {
  try {
    const stored = JSON.parse(storage.getItem(ATTRIBUTION_KEY) ?? 'null') as Attribution | null
    return stored && typeof stored.channel === 'string' ? stored : null
  } catch {
    return null
  }
}

/** Reads the landing, updates the stored attribution per the model above, and returns it. */
export function resolveAttribution(
  storage: KeyValueStorage,
  href: string,
  referrer: string,
): Attribution {
  const landing = landingAttribution(href, referrer)
  if (landing) {
    storage.setItem(ATTRIBUTION_KEY, JSON.stringify(landing))
    return landing
  }
  return readStored(storage) ?? DIRECT
}
