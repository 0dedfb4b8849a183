/** What the data calls take, and the answers only the SDK reads (shared ones: contract/). */

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

export interface SearchOptions {
  location?: string
  /** Interface language; 'en' when omitted (docs/product/limits.md). */
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
