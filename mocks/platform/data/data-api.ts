import { type Context, Hono } from 'hono'
import type { ScrapeResult } from '../../../contract/scrape-result'
import { callerOf } from '../auth/caller'
import { apiError, isPlainObject, readJson } from '../http/json-error'
import type { PlatformDeps } from '../platform-deps'
import { RestError } from '../rest/rest-error'
import { extractFromBlob } from './blob-extract'
import { extractAnswer, readExtractOptions } from './extract-options'
import { createFetchJobs } from './fetch-jobs'
import { performProxyRequest, readProxyRequest } from './fetch-proxy'
import { convertPage, loadPage, PageLoadError } from './page-source'
import { renderPlaceholderPng } from './placeholder-png'
import { createScreenshotFiles } from './screenshot-files'
import { readSearchParams } from './search-params'
import { searchResults } from './search-results'
import { routeTarget } from './target-policy'
import { checkTargetUrl } from './target-url'

const SCRAPE_FORMATS = ['markdown', 'html', 'links', 'metadata', 'extract'] as const
type ScrapeFormat = (typeof SCRAPE_FORMATS)[number]

const bad = (message: string) => apiError(400, 'INVALID_REQUEST', message)

/** Runs `handler` for a signed-in caller of this project; the right 4xx for anyone else. */
function signedIn(deps: PlatformDeps, handler: (c: Context, userId: string) => Promise<Response>) {
  return async (c: Context) => {
    if (c.req.param('projectId') !== deps.projectId) {
      return apiError(404, 'NOT_FOUND', 'Unknown project')
    }
    try {
      const caller = await callerOf(c.req.raw, deps.accessTokens)
      if (caller.role !== 'authenticated') {
        return apiError(401, 'UNAUTHORIZED', 'Sign in to use the data API')
      }
      return await handler(c, caller.claims.sub)
    } catch (error) {
      if (error instanceof RestError) return error.toResponse()
      if (error instanceof PageLoadError)
        return apiError(error.status, 'FETCH_FAILED', error.message)
      throw error
    }
  }
}

/** The JSON object body of a request, or the 400 to answer with. */
async function jsonBody(c: Context): Promise<Record<string, unknown> | Response> {
  const body = await readJson(c.req.raw)
  return isPlainObject(body) ? body : bad('The request body must be a JSON object')
}

/** Where `url` goes under the fetch policy, as the caller's deps configure it. */
function routeFor(deps: PlatformDeps, url: URL) {
  return routeTarget(url, { publicOrigin: deps.publicOrigin(), lookupHost: deps.lookupHost })
}

/** Loads and converts the page a body's `url` names, or the 4xx to answer with. */
async function pageFor(
  deps: PlatformDeps,
  body: Record<string, unknown>,
): Promise<ScrapeResult | Response> {
  const target = checkTargetUrl(body.url)
  if (!target.ok) return bad(target.message)
  const route = await routeFor(deps, target.url)
  if (route.kind === 'refused') return bad(route.message)
  return convertPage(await loadPage(target.url, route))
}

function readFormats(value: unknown): ScrapeFormat[] | string {
  if (value === undefined || value === null) return [...SCRAPE_FORMATS]
  if (!Array.isArray(value) || value.length === 0) return 'formats must be a non-empty array'
  const unknown = value.find((f) => !SCRAPE_FORMATS.includes(f as ScrapeFormat))
  if (unknown !== undefined) {
    return `Unknown format "${String(unknown)}": use ${SCRAPE_FORMATS.join(', ')}`
  }
  return value as ScrapeFormat[]
}

function readDimension(value: unknown, name: string, fallback: number, max: number) {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 100 || value > max) {
    return `${name} must be a whole number from 100 to ${max}`
  }
  return value
}

/** `/api/data/{projectId}/…`: web data for signed-in callers (docs/product/calls.md#platform-calls). */
export function dataApi(deps: PlatformDeps) {
  const app = new Hono()
  const screenshots = createScreenshotFiles(deps.store, deps.filesDir)
  const jobs = createFetchJobs(deps)

  app.post(
    '/:projectId/extract-from-url',
    signedIn(deps, async (c) => {
      const body = await jsonBody(c)
      if (body instanceof Response) return body
      const options = readExtractOptions(body.chunking, body.chunkSize ?? body.chunk_size)
      if (!options.ok) return bad(options.message)
      const page = await pageFor(deps, body)
      if (page instanceof Response) return page
      return c.json(extractAnswer(page.extract.text, options.options))
    }),
  )

  app.post(
    '/:projectId/extract-from-blob',
    signedIn(deps, async (c) => {
      const answer = await extractFromBlob(c.req.raw)
      return answer.ok ? c.json(answer.body) : apiError(answer.status, answer.code, answer.message)
    }),
  )

  app.post(
    '/:projectId/scrape',
    signedIn(deps, async (c) => {
      const body = await jsonBody(c)
      if (body instanceof Response) return body
      const formats = readFormats(body.formats)
      if (typeof formats === 'string') return bad(formats)
      const page = await pageFor(deps, body)
      if (page instanceof Response) return page
      return c.json(Object.fromEntries(formats.map((format) => [format, page[format]])))
    }),
  )

  app.post(
    '/:projectId/screenshot',
    signedIn(deps, async (c) => {
      const body = await jsonBody(c)
      if (body instanceof Response) return body
      // The SDK snake_cases keys: accept both spellings.
      const fullPage = body.fullPage ?? body.full_page
      if (fullPage !== undefined && typeof fullPage !== 'boolean') {
        return bad('fullPage must be a boolean')
      }
      const width = readDimension(body.width, 'width', 1280, 1920)
      if (typeof width === 'string') return bad(width)
      const height = readDimension(body.height, 'height', 800, 2160)
      if (typeof height === 'string') return bad(height)
      const page = await pageFor(deps, body)
      if (page instanceof Response) return page
      // A full page is drawn as tall as two screens: enough to tell it from a viewport shot.
      const drawnHeight = fullPage === true ? Math.min(height * 2, 4320) : height
      const png = renderPlaceholderPng({
        url: page.metadata.url,
        title: page.metadata.title,
        width,
        height: drawnHeight,
      })
      const name = await screenshots.save(png)
      const origin = new URL(c.req.url).origin
      return c.json({
        url: `${origin}/api/data/${deps.projectId}/files/${name}`,
        width,
        height: drawnHeight,
      })
    }),
  )

  // Screenshot files are public, like storage URLs: the id in the name is the capability.
  app.get('/:projectId/files/:name', async (c) => {
    if (c.req.param('projectId') !== deps.projectId) {
      return apiError(404, 'NOT_FOUND', 'Unknown project')
    }
    const png = await screenshots.read(c.req.param('name') ?? '')
    if (!png) return apiError(404, 'NOT_FOUND', 'File not found')
    return c.body(new Uint8Array(png), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
  })

  app.post(
    '/:projectId/fetch',
    signedIn(deps, async (c, userId) => {
      const body = await jsonBody(c)
      if (body instanceof Response) return body
      const checked = readProxyRequest(body)
      if (!checked.ok) return bad(checked.message)
      const { request } = checked
      // Decided before queueing, so a refused URL is a 400 now, not a failed job later.
      const route = await routeFor(deps, request.url)
      if (route.kind === 'refused') return bad(route.message)
      if (request.async) {
        const job = await jobs.enqueue(userId, () => performProxyRequest(request, route))
        return c.json({ status: job.status, jobId: job.jobId }, 202)
      }
      try {
        return c.json(await performProxyRequest(request, route))
      } catch {
        return apiError(502, 'FETCH_FAILED', `Could not fetch ${request.url.href}`)
      }
    }),
  )

  app.get(
    '/:projectId/fetch/:jobId',
    signedIn(deps, async (c, userId) => {
      const job = await jobs.read(c.req.param('jobId') ?? '', userId)
      if (!job) return apiError(404, 'NOT_FOUND', 'Fetch job not found')
      const { ownerId: _owner, ...visible } = job
      return c.json(visible)
    }),
  )

  app.post(
    '/:projectId/search',
    signedIn(deps, async (c) => {
      const body = await jsonBody(c)
      if (body instanceof Response) return body
      const params = readSearchParams(body)
      return typeof params === 'string' ? bad(params) : c.json(searchResults(params))
    }),
  )

  return app
}
