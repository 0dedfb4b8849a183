/**
 * Marketing channel of a visit (docs/product/limits.md): Paid Search, Email, Social, Referral, Display,
 * Affiliate, Organic Search or Direct. Pure: UTM tags decide first; without tags the referrer
 * decides; with neither the visit is Direct.
 */

export type Channel =
  | 'Paid Search'
  | 'Email'
  | 'Social'
  | 'Referral'
  | 'Display'
  | 'Affiliate'
  | 'Organic Search'
  | 'Direct'

export interface ChannelInput {
  utmSource?: string | null
  utmMedium?: string | null
  /** document.referrer of the landing page. */
  referrer?: string | null
  /** The site's own host: a referrer from it is navigation, not a source. */
  ownHost?: string | null
}

const PAID_SEARCH_MEDIUMS = ['cpc', 'ppc', 'paidsearch', 'paid-search', 'paid_search', 'sem']
const EMAIL_MEDIUMS = ['email', 'e-mail', 'e_mail', 'newsletter']
const DISPLAY_MEDIUMS = ['display', 'banner', 'cpm', 'programmatic', 'interstitial']
const AFFILIATE_MEDIUMS = ['affiliate', 'affiliates', 'partner']
const SOCIAL_MEDIUMS = ['social', 'social-media', 'social_media', 'sm', 'social-network']

/** Host fragments of social networks, matched against a source or a referrer's host. */
const SOCIAL_SITES = [
  'facebook',
  'fb',
  'instagram',
  'twitter',
  'x.com',
  't.co',
  'linkedin',
  'lnkd.in',
  'reddit',
  'pinterest',
  'tiktok',
  'youtube',
  'threads',
  'mastodon',
  'bsky',
]
const SEARCH_ENGINES = [
  'google',
  'bing',
  'yahoo',
  'duckduckgo',
  'baidu',
  'yandex',
  'ecosia',
  'search.brave',
  'startpage',
  'qwant',
]

/** True when `value` is `site` or a dotted host built on it (`m.facebook.com`, `google.co.uk`). */
function mentions(value: string, sites: readonly string[]): boolean {
  const labels = value.split(/[.\s/]+/)
  return sites.some((site) =>
    site.includes('.')
      ? value === site ||
        value.endsWith(`.${site}`) ||
        value.startsWith(`${site}.`) ||
        value.includes(`.${site}.`)
      : labels.includes(site),
  )
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return null
  }
}

export function classifyChannel(input: ChannelInput): Channel {
  const medium = (input.utmMedium ?? '').trim().toLowerCase()
  const source = (input.utmSource ?? '').trim().toLowerCase()
  if (medium || source) {
    if (SOCIAL_MEDIUMS.includes(medium) || mentions(source, SOCIAL_SITES)) return 'Social'
    if (PAID_SEARCH_MEDIUMS.includes(medium)) return 'Paid Search'
    if (EMAIL_MEDIUMS.includes(medium) || EMAIL_MEDIUMS.includes(source)) return 'Email'
    if (DISPLAY_MEDIUMS.includes(medium)) return 'Display'
    if (AFFILIATE_MEDIUMS.includes(medium)) return 'Affiliate'
    if (medium === 'organic' || (!medium && mentions(source, SEARCH_ENGINES))) {
      return 'Organic Search'
    }
    // Tagged, but with no known medium: someone else's link sent the visit.
    return 'Referral'
  }
  const host = input.referrer ? hostOf(input.referrer) : null
  const ownHost = input.ownHost?.toLowerCase().replace(/^www\./, '') ?? null
  if (!host || host === ownHost) return 'Direct'
  if (mentions(host, SEARCH_ENGINES)) return 'Organic Search'
  if (mentions(host, SOCIAL_SITES)) return 'Social'
  return 'Referral'
}
