import type { ScrapeResult } from '../../../contract/scrape-result'
import { readFixture } from './fixture-pages'
import { offlineHtml } from './offline-page'
import { convertHtml, convertText } from './page-conversion'
import type { AnsweredRoute } from './target-policy'

/** A page's bytes as text, with the type that says how to read them. */
export interface PageSource {
  url: string
  contentType: string
  body: string
}

/** A page the data API could not load: the status and words to answer with. */
export class PageLoadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** Large enough for any real article, small enough that one page cannot exhaust memory. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024

/**
 * Loads `url` along `route` (see target-policy.ts): a fixture page of the own origin is read
 * in-process, any other URL gets the deterministic offline page. Nothing goes over the network.
 */
export async function loadPage(url: URL, route: AnsweredRoute): Promise<PageSource> {
  if (route.kind === 'offline') {
    return { url: url.href, contentType: 'text/html', body: offlineHtml(url) }
  }
  const response = await readFixture(route.path)
  if (!response.ok) {
    throw new PageLoadError(502, `Fetching ${url.href} failed with HTTP ${response.status}`)
  }
  const bytes = await response.arrayBuffer()
  if (bytes.byteLength > MAX_PAGE_BYTES) {
    throw new PageLoadError(413, `The page at ${url.href} is larger than 5 MB`)
  }
  return {
    url: url.href,
    contentType: response.headers.get('content-type') ?? 'text/html',
    body: new TextDecoder().decode(bytes),
  }
}

/** The media type alone, lower-cased: `text/html; charset=utf-8` → `text/html`. */
export function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

/** HTML is parsed and converted; JSON is pretty-printed text; anything else is read as text. */
export function convertPage(source: PageSource): ScrapeResult {
  const type = mediaType(source.contentType)
  if (type === 'text/html' || type === 'application/xhtml+xml') {
    return convertHtml(source.body, source.url)
  }
  if (type === 'application/json') {
    let pretty = source.body
    try {
      pretty = JSON.stringify(JSON.parse(source.body), null, 2)
    } catch {
      // not valid JSON after all: keep the text as it came
    }
    return convertText(pretty, source.url)
  }
  return convertText(source.body, source.url)
}
