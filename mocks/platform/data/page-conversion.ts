import { parseHTML } from 'linkedom'
import TurndownService from 'turndown'
import type { ScrapeMetadata, ScrapeResult } from '../../../contract/scrape-result'

/** Elements whose content is never reader-visible text. */
const NON_CONTENT = 'script, style, noscript, template, iframe, svg'

/** Block elements: a line break after each keeps paragraphs apart in the plain text. */
const BLOCKS =
  'p, div, li, tr, br, h1, h2, h3, h4, h5, h6, article, section, header, footer, main, nav, ul, ol, blockquote, pre, table, dt, dd, figcaption'

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
})
turndown.remove(['script', 'style', 'noscript', 'template', 'iframe'])

type Doc = ReturnType<typeof parseHTML>['document']

function squash(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim()
}

function resolve(href: string | null | undefined, base: string): string {
  if (!href?.trim()) return ''
  try {
    return new URL(href.trim(), base).href
  } catch {
    return ''
  }
}

function metaContent(document: Doc, ...keys: string[]): string {
  for (const key of keys) {
    const element =
      document.querySelector(`meta[property="${key}"]`) ??
      document.querySelector(`meta[name="${key}"]`)
    const value = squash(element?.getAttribute('content'))
    if (value) return value
  }
  return ''
}

/** Readable text: block elements on lines of their own, whitespace collapsed within lines. */
function readableText(document: Doc): string {
  const body = document.body
  if (!body) return ''
  for (const block of body.querySelectorAll(BLOCKS)) block.after(document.createTextNode('\n'))
  return (body.textContent ?? '')
    .split('\n')
    .map((line: string) => squash(line))
    .filter(Boolean)
    .join('\n')
}

function linksOf(document: Doc, base: string): string[] {
  const links = new Set<string>()
  for (const anchor of document.querySelectorAll('a[href]')) {
    const href = resolve(anchor.getAttribute('href'), base)
    // Only pages a caller could scrape next; mailto:, javascript: and the like are not links.
    if (/^https?:\/\//.test(href)) links.add(href)
  }
  return [...links]
}

/** Parses HTML with linkedom and converts it with turndown: metadata, links, markdown, text. */
export function convertHtml(html: string, pageUrl: string): ScrapeResult {
  // linkedom builds no body for a bare fragment: give it a document to live in.
  const whole = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`
  const { document } = parseHTML(whole)
  for (const element of document.querySelectorAll(NON_CONTENT)) element.remove()
  const url = new URL(pageUrl)
  // Absolute addresses in the markdown too: a relative link means nothing once out of the page.
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    for (const element of document.querySelectorAll(selector)) {
      const absolute = resolve(element.getAttribute(attribute), url.href)
      if (absolute) element.setAttribute(attribute, absolute)
    }
  }
  const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .map((heading) => squash(heading.textContent))
    .filter(Boolean)
  const title =
    squash(document.querySelector('title')?.textContent) ||
    metaContent(document, 'og:title', 'twitter:title') ||
    (headings[0] ?? '')
  const description = metaContent(document, 'description', 'og:description', 'twitter:description')
  const iconHref = document.querySelector('link[rel~="icon"]')?.getAttribute('href')
  const metadata: ScrapeMetadata = {
    title,
    description,
    url: url.href,
    domain: url.hostname,
    favicon: resolve(iconHref, url.href) || `${url.origin}/favicon.ico`,
    image: resolve(metaContent(document, 'og:image', 'twitter:image'), url.href),
    author: metaContent(document, 'author', 'article:author'),
    publishedTime: metaContent(document, 'article:published_time', 'date'),
    modifiedTime: metaContent(document, 'article:modified_time', 'og:updated_time'),
    type: metaContent(document, 'og:type') || 'website',
    siteName: metaContent(document, 'og:site_name') || url.hostname,
    locale:
      metaContent(document, 'og:locale') || squash(document.documentElement?.getAttribute('lang')),
    keywords: metaContent(document, 'keywords')
      .split(',')
      .map((keyword) => keyword.trim())
      .filter(Boolean),
  }
  const bodyHtml = document.body?.innerHTML ?? ''
  const markdown = turndown.turndown(bodyHtml).trim()
  const links = linksOf(document, url.href)
  const text = readableText(document)
  return {
    markdown,
    html: document.toString(),
    metadata,
    links,
    extract: { title, description, headings, text },
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** A plain-text (or markdown) page: the text is its own markdown; its first line names it. */
export function convertText(text: string, pageUrl: string): ScrapeResult {
  const url = new URL(pageUrl)
  const lines = text.split('\n').map((line) => line.trim())
  const title = (lines.find(Boolean) ?? '').replace(/^#+\s*/, '')
  const headings = lines
    .filter((line) => /^#{1,6}\s/.test(line))
    .map((l) => l.replace(/^#+\s*/, ''))
  const links = [...new Set(text.match(/https?:\/\/[^\s<>()"']+/g) ?? [])]
  return {
    markdown: text.trim(),
    html: `<pre>${escapeHtml(text)}</pre>`,
    metadata: {
      title,
      description: '',
      url: url.href,
      domain: url.hostname,
      favicon: `${url.origin}/favicon.ico`,
      image: '',
      author: '',
      publishedTime: '',
      modifiedTime: '',
      type: 'website',
      siteName: url.hostname,
      locale: '',
      keywords: [],
    },
    links,
    extract: { title, description: '', headings, text: text.trim() },
  }
}
