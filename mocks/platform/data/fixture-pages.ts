import { readFile } from 'node:fs/promises'
import { Hono } from 'hono'

/** The folder of fixture pages, beside the mock platform's sources. */
const PAGES_DIR = new URL('../../fixtures/pages/', import.meta.url)

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json; charset=utf-8',
}

/** Only plain file names of a known kind: no folders, so no way out of the fixtures folder. */
const FIXTURE_NAME = /^[a-z0-9][a-z0-9-]*\.(html|txt|md|json)$/

/**
 * `/fixtures/*`: pages the data API can convert for real, offline. They live in
 * mocks/fixtures/pages and are served as they are, so scraping one exercises the real path
 * (HTML parsing, markdown conversion) without the internet.
 */
export function fixturePages() {
  const app = new Hono()
  app.get('/:name', async (c) => {
    const name = c.req.param('name')
    const match = FIXTURE_NAME.exec(name)
    if (!match) return c.text('Not found', 404)
    try {
      const body = await readFile(new URL(name, PAGES_DIR))
      return c.body(body, 200, { 'Content-Type': CONTENT_TYPES[match[1] ?? 'txt'] ?? 'text/plain' })
    } catch {
      return c.text('Not found', 404)
    }
  })
  return app
}

const inProcess = fixturePages()

/**
 * `/fixtures{path}` answered by the same handler, in-process: how the data API reads the
 * platform's own pages without ever sending a request to itself.
 */
export async function readFixture(path: string, method = 'GET'): Promise<Response> {
  return inProcess.request(path, { method })
}
