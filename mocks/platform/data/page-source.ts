import { offlineHtml } from './offline-page'
import { type ConvertedPage, convertHtml, convertText } from './page-conversion'
import { isFetchableOwnUrl } from './target-url'

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

/** Large enough for any real article, small enough that one request cannot exhaust memory. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024
const FETCH_TIMEOUT_MS = 10_000

/**
 * Loads `url`: fetched for real when it is on the platform's own origin, else the
 * deterministic offline page (see target-url.ts for why). Redirects are not followed, so a
 * fetched page cannot bounce the platform to another host.
 */
export async function loadPage(url: URL, requestUrl: string): Promise<PageSource> {
  if (!isFetchableOwnUrl(url, requestUrl)) {
    return { url: url.href, contentType: 'text/html', body: offlineHtml(url) }
  }
  let response: Response
  try {
    response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { Accept: 'text/html, text/plain;q=0.9, */*;q=0.5' },
    })
  } catch {
    throw new PageLoadError(502, `Could not fetch ${url.href}`)
  }
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
export function convertPage(source: PageSource): ConvertedPage {
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
