import { seedBytes } from './offline-page'

/**
 * Web search, offline: results shaped like a search API's (organic, news, images), derived
 * from the query alone so tests can assert them and nothing reaches the internet.
 */

export interface SearchParams {
  q: string
  location?: string
  hl: string
  tbm?: 'nws' | 'isch'
  num: number
}

const DOMAINS = [
  'en.wikipedia.org',
  'developer.mozilla.org',
  'stackoverflow.com',
  'github.com',
  'medium.com',
  'news.ycombinator.com',
  'docs.python.org',
  'arxiv.org',
]
const SOURCES = ['Daily Wire Service', 'Tech Ledger', 'The Prompt Post', 'Open Journal']
const ANGLES = ['explained', 'a practical guide', 'what to know', 'examples', 'best practices']

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'search'
  )
}

function pick<T>(list: readonly T[], seed: Buffer, index: number): T {
  return list[(seed[index % seed.length] ?? 0) % list.length] as T
}

export function searchResults(params: SearchParams) {
  const seed = seedBytes(`${params.hl}|${params.location ?? ''}|${params.q}`)
  const q = params.q.trim()
  const where = params.location ? ` in ${params.location}` : ''
  const organic = Array.from({ length: params.num }, (_, i) => {
    const domain = pick(DOMAINS, seed, i)
    const angle = pick(ANGLES, seed, i + 7)
    return {
      position: i + 1,
      title: `${q}: ${angle}`,
      link: `https://${domain}/${slug(q)}${i === 0 ? '' : `-${i + 1}`}`,
      displayed_link: `${domain} › ${slug(q)}`,
      snippet: `${q}${where} — ${angle}. Result ${i + 1} for "${q}" (offline search, language ${params.hl}).`,
    }
  })
  const answer: Record<string, unknown> = {
    search_metadata: { status: 'Success', engine: 'offline' },
    search_parameters: {
      q,
      hl: params.hl,
      num: params.num,
      ...(params.location ? { location: params.location } : {}),
      ...(params.tbm ? { tbm: params.tbm } : {}),
    },
    search_information: { query_displayed: q, total_results: 1000 + (seed[0] ?? 0) * 37 },
    organic_results: organic,
    related_searches: ANGLES.slice(0, 3).map((angle) => ({ query: `${q} ${angle}` })),
  }
  if (params.tbm === 'nws') {
    answer.news_results = organic.map((result, i) => ({
      position: result.position,
      title: `${q}: ${pick(ANGLES, seed, i + 11)}`,
      link: `https://news.example.com/${slug(q)}-${i + 1}`,
      snippet: `News about ${q}${where}.`,
      source: pick(SOURCES, seed, i + 3),
      date: `${(i % 23) + 1} hours ago`,
    }))
  }
  if (params.tbm === 'isch') {
    answer.image_results = organic.map((result, i) => ({
      position: result.position,
      title: `${q} image ${i + 1}`,
      link: result.link,
      original: `https://images.example.com/${slug(q)}-${i + 1}.jpg`,
      thumbnail: `https://images.example.com/thumbs/${slug(q)}-${i + 1}.jpg`,
      source: result.link.split('/')[2] ?? '',
    }))
  }
  return answer
}
