/**
 * What the data API's scrape answers: the platform computes every format of a page once, and
 * a scrape with `formats` carries only the ones asked for.
 */

export type ScrapeFormat = 'markdown' | 'html' | 'links' | 'metadata' | 'extract'

/** The metadata of a page. Missing facts are empty strings, never absent keys. */
export interface ScrapeMetadata {
  title: string
  description: string
  url: string
  domain: string
  favicon: string
  image: string
  author: string
  publishedTime: string
  modifiedTime: string
  type: string
  siteName: string
  locale: string
  keywords: string[]
}

export interface ScrapeExtract {
  title: string
  description: string
  headings: string[]
  text: string
}

export interface ScrapeResult {
  markdown: string
  html: string
  metadata: ScrapeMetadata
  links: string[]
  extract: ScrapeExtract
}
