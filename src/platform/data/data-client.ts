import type { FetchJob, FetchJobQueued, FetchResponse } from '../../../contract/fetch-result'
import type { ScrapeFormat, ScrapeResult } from '../../../contract/scrape-result'
import { AuthError, DataError, NetworkError, PlatformError } from '../errors'
import type { RequestOptions } from '../http-client'
import type { PlatformContext } from '../platform-context'
import type {
  ExtractOptions,
  FetchRequest,
  ScreenshotOptions,
  SearchOptions,
  SearchResult,
} from './data-types'
import { invalidResponse, isRecord, isStringArray, textOrChunks } from './response-shape'

/**
 * Failures of the data calls are DataErrors carrying the platform's message and status. A
 * request that never got an answer stays a NetworkError ('Network request failed: …') and a
 * refused token an AuthError, so callers can tell offline and signed-out apart.
 */
function asDataError(error: unknown): unknown {
  if (error instanceof NetworkError || error instanceof AuthError || error instanceof DataError) {
    return error
  }
  if (error instanceof PlatformError) {
    return new DataError(error.message, {
      status: error.status,
      details: error.details,
      cause: error,
    })
  }
  return error
}

export function createDataClient(context: PlatformContext) {
  const base = `/api/data/${encodeURIComponent(context.projectId)}`

  async function call(path: string, options: RequestOptions): Promise<unknown> {
    try {
      const { data } = await context.http.request(`${base}${path}`, options)
      return data
    } catch (error) {
      throw asDataError(error)
    }
  }

  const post = (path: string, body: unknown, options: RequestOptions = {}) =>
    call(path, { method: 'POST', body, ...options })

  function extractFromUrl(
    url: string,
    options: ExtractOptions & { chunking: true },
  ): Promise<string[]>
  function extractFromUrl(url: string, options?: ExtractOptions): Promise<string>
  async function extractFromUrl(url: string, options: ExtractOptions = {}) {
    return textOrChunks(await post('/extract-from-url', { url, ...options }))
  }

  function extractFromBlob(
    file: Blob,
    options: ExtractOptions & { chunking: true },
  ): Promise<string[]>
  function extractFromBlob(file: Blob, options?: ExtractOptions): Promise<string>
  async function extractFromBlob(file: Blob, options: ExtractOptions = {}) {
    // Multipart, as the platform reads it: the http client leaves FormData to fetch, which
    // writes the multipart body and its boundary itself.
    const form = new FormData()
    const name = file instanceof File ? file.name : 'upload'
    form.append('file', file, name)
    if (options.chunking !== undefined) form.append('chunking', String(options.chunking))
    if (options.chunkSize !== undefined) form.append('chunkSize', String(options.chunkSize))
    return textOrChunks(await post('/extract-from-blob', form))
  }

  /** All formats unless `formats` names some; metadata keys come back as docs/product/data.md spells them. */
  async function scrape(
    url: string,
    options: { formats?: ScrapeFormat[] } = {},
  ): Promise<Partial<ScrapeResult>> {
    const data = await post('/scrape', { url, formats: options.formats })
    const wellFormed =
      isRecord(data) &&
      (data.markdown === undefined || typeof data.markdown === 'string') &&
      (data.links === undefined || isStringArray(data.links)) &&
      (data.metadata === undefined || isRecord(data.metadata))
    if (!wellFormed) throw invalidResponse(data)
    return data as Partial<ScrapeResult>
  }

  /** The address of a PNG of the page. */
  async function screenshot(url: string, options: ScreenshotOptions = {}): Promise<string> {
    const data = await post('/screenshot', { url, ...options })
    if (!isRecord(data) || typeof data.url !== 'string') throw invalidResponse(data)
    return data.url
  }

  function fetchUrl(request: FetchRequest, options: { async: true }): Promise<FetchJobQueued>
  function fetchUrl(request: FetchRequest, options?: { async?: false }): Promise<FetchResponse>
  async function fetchUrl(request: FetchRequest, options: { async?: boolean } = {}) {
    // Keys left as they are: header names and the body belong to the caller, not to us.
    const data = await post('/fetch', { ...request, async: options.async }, { convertKeys: false })
    if (options.async) {
      if (!isRecord(data) || typeof data.jobId !== 'string') throw invalidResponse(data)
      return data as unknown as FetchJobQueued
    }
    if (!isRecord(data) || typeof data.status !== 'number' || !isRecord(data.headers)) {
      throw invalidResponse(data)
    }
    return data as unknown as FetchResponse
  }

  /** Where an `async` fetch stands; its result once completed. */
  async function fetchJob(jobId: string): Promise<FetchJob> {
    const data = await call(`/fetch/${encodeURIComponent(jobId)}`, { convertKeys: false })
    if (!isRecord(data) || typeof data.status !== 'string') throw invalidResponse(data)
    return data as unknown as FetchJob
  }

  async function search(q: string, options: SearchOptions = {}): Promise<SearchResult> {
    const data = await post('/search', { q, ...options, hl: options.hl ?? 'en' })
    if (!isRecord(data) || !Array.isArray(data.organicResults)) throw invalidResponse(data)
    return data as unknown as SearchResult
  }

  return {
    extractFromUrl,
    extractFromBlob,
    scrape,
    screenshot,
    fetch: fetchUrl,
    fetchJob,
    search,
  }
}

export type DataClient = ReturnType<typeof createDataClient>
