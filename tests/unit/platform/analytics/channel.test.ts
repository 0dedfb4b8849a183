import { describe, expect, test } from 'vitest'
import { type ChannelInput, classifyChannel } from '../../../../src/platform/analytics/channel'

const own = 'app.example.com'

describe('classifyChannel', () => {
  test.each<[string, ChannelInput, string]>([
    ['cpc', { utmSource: 'google', utmMedium: 'cpc' }, 'Paid Search'],
    ['ppc', { utmSource: 'bing', utmMedium: 'PPC' }, 'Paid Search'],
    ['paidsearch', { utmSource: 'google', utmMedium: 'paidsearch' }, 'Paid Search'],
    ['email medium', { utmSource: 'mailchimp', utmMedium: 'email' }, 'Email'],
    ['newsletter source', { utmSource: 'newsletter' }, 'Email'],
    ['social medium', { utmSource: 'partner-blog', utmMedium: 'social' }, 'Social'],
    ['social network source', { utmSource: 'facebook', utmMedium: 'referral' }, 'Social'],
    ['paid social stays social', { utmSource: 'linkedin', utmMedium: 'cpc' }, 'Social'],
    ['display', { utmSource: 'dv360', utmMedium: 'display' }, 'Display'],
    ['banner', { utmSource: 'adnet', utmMedium: 'banner' }, 'Display'],
    ['cpm', { utmSource: 'adnet', utmMedium: 'cpm' }, 'Display'],
    ['affiliate', { utmSource: 'deals-site', utmMedium: 'affiliate' }, 'Affiliate'],
    ['organic medium', { utmSource: 'google', utmMedium: 'organic' }, 'Organic Search'],
    ['search engine source alone', { utmSource: 'duckduckgo' }, 'Organic Search'],
    ['unknown medium', { utmSource: 'podcast', utmMedium: 'audio' }, 'Referral'],
    [
      'tags beat the referrer',
      { utmMedium: 'email', referrer: 'https://www.google.com/' },
      'Email',
    ],
    ['google referrer', { referrer: 'https://www.google.com/' }, 'Organic Search'],
    [
      'google.co.uk referrer',
      { referrer: 'https://www.google.co.uk/search?q=x' },
      'Organic Search',
    ],
    ['bing referrer', { referrer: 'https://www.bing.com/search?q=x' }, 'Organic Search'],
    [
      'brave search referrer',
      { referrer: 'https://search.brave.com/search?q=x' },
      'Organic Search',
    ],
    ['social referrer', { referrer: 'https://t.co/abc' }, 'Social'],
    ['m.facebook referrer', { referrer: 'https://m.facebook.com/' }, 'Social'],
    ['other site', { referrer: 'https://blog.example.org/post' }, 'Referral'],
    ['a host merely containing x.com', { referrer: 'https://x.company.com/' }, 'Referral'],
    ['own site', { referrer: `https://${own}/prompts` }, 'Direct'],
    ['nothing', {}, 'Direct'],
    ['unparsable referrer', { referrer: 'not a url' }, 'Direct'],
  ])('%s', (_, input, channel) => {
    expect(classifyChannel({ ownHost: own, ...input })).toBe(channel)
  })
})
