/** What the data calls take and give (spec §3 "Scrape gives…", §7.5). */

export type ScrapeFormat = 'markdown' | 'html' | 'links' | 'metadata' | 'extract'

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

/** Every format; a scrape with `formats` carries only the ones asked for. */
export interface ScrapeResult {
  markdown: string
  html: string
  metadata: ScrapeMetadata
  links: string[]
  extract: ScrapeExtract
}

export interface ExtractOptions {
  chunking?: boolean
  /** Characters per chunk (the platform takes 50 to 100,000; 1,000 by default). */
  chunkSize?: number
}

export interface ScreenshotOptions {
  fullPage?: boolean
  width?: number
  height?: number
}

export interface FetchRequest {
  url: string
  method?: string
  headers?: Record<string, string>
  /** A string is sent as it is; anything else as JSON. */
  body?: unknown
}

export interface FetchResponse {
  status: number
  headers: Record<string, string>
  /** Parsed JSON when the answer was JSON, else its text. */
  body: unknown
  durationMs: number
}

export interface FetchJobQueued {
  status: 'queued'
  jobId: string
}

export interface FetchJob {
  jobId: string
  status: 'queued' | 'completed' | 'failed'
  createdAt: string
  completedAt?: string
  result?: FetchResponse
  error?: string
}

export interface SearchOptions {
  location?: string
  /** Interface language; 'en' when omitted (spec §9). */
  hl?: string
  /** 'nws' for news, 'isch' for images. */
  tbm?: 'nws' | 'isch'
  num?: number
}

export interface OrganicResult {
  position: number
  title: string
  link: string
  displayedLink?: string
  snippet: string
}

export interface NewsResult {
  position: number
  title: string
  link: string
  snippet: string
  source: string
  date: string
}

export interface ImageResult {
  position: number
  title: string
  link: string
  original: string
  thumbnail: string
  source: string
}

/** A search answer, camelCased like every platform answer (`organic_results` → `organicResults`). */
export interface SearchResult {
  searchParameters: { q: string; hl: string; num: number; location?: string; tbm?: string }
  searchInformation?: { queryDisplayed: string; totalResults: number }
  organicResults: OrganicResult[]
  newsResults?: NewsResult[]
  imageResults?: ImageResult[]
  relatedSearches?: { query: string }[]
}
