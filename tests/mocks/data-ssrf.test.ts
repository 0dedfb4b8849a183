import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { serve } from '@hono/node-server'
import { HttpResponse, http, passthrough } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { platformHandlers } from '../../mocks/msw/platform-handlers'
import { routeTarget } from '../../mocks/platform/data/target-policy'
import { fakeDns } from '../support/fake-dns'
import { mswServer } from '../support/msw-server'
import { createTestPlatform, TEST_ORIGIN, type TestPlatform } from '../support/test-platform'

// Server-side request forgery through the data API (issue 9, defect 2). A real HTTP service on
// this machine's loopback answers every request with a secret. MSW lets any request to its port
// through, so if the platform ever reached it, the secret would come back: no way of naming
// the service may get anything of it to the caller.

const SECRET = 'loopback-secret-5e1f0c'
const PUBLIC_IP = '93.184.215.14'

const dns = fakeDns({
  'internal.test': ['127.0.0.1'],
  'internal6.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'mixed.test': [PUBLIC_IP, '127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'public.test': [PUBLIC_IP],
  'redirector.test': [PUBLIC_IP],
  'chat.example.test': [PUBLIC_IP],
})

let service: Server
let port: number
let hits = 0
let platform: TestPlatform
let token: string

beforeAll(async () => {
  service = createServer((_req, res) => {
    hits += 1
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end(`<html><head><title>${SECRET}</title></head><body><h1>${SECRET}</h1></body></html>`)
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  port = (service.address() as AddressInfo).port
  platform = await createTestPlatform({ lookupHost: dns })
  token = (await platform.signUp('ssrf@example.com')).access_token
})

afterAll(async () => {
  await new Promise((resolve) => service.close(resolve))
  await platform.close()
})

beforeEach(() => {
  hits = 0
  // Whatever host names it, a request to the service's port really reaches it.
  mswServer.use(http.all(new RegExp(`^https?://[^/]+:${port}/`), () => passthrough()))
})

const ENDPOINTS = ['/fetch', '/scrape', '/extract-from-url', '/screenshot']

/** A signed-in call; `as` another platform and its user's token when given. */
function post(path: string, body: unknown, as = { on: platform, bearer: token }) {
  return as.on.platform.fetch(
    new Request(`${TEST_ORIGIN}/api/data/prompt-chat${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${as.bearer}` },
      body: JSON.stringify(body),
    }),
  )
}

/** `{port}` in a URL is the service's port, known only once it listens. */
const atService = (url: string) => url.replace('{port}', String(port))

const refusal = (url: string) => ({
  error: {
    code: 'INVALID_REQUEST',
    message: `The URL ${new URL(url).href} resolves to a private or loopback address, which the data API does not fetch`,
  },
})

/** What a leak looks like: the service's secret, or the data API's own search answer. */
const LEAKS = [SECRET, 'organic_results']

/** The caller's whole answer holds nothing of a leak, and the service saw no request. */
async function expectRefused(res: Response, url: string) {
  const text = await res.text()
  for (const leak of LEAKS) expect(text).not.toContain(leak)
  expect(res.status).toBe(400)
  expect(JSON.parse(text)).toEqual(refusal(url))
  expect(hits).toBe(0)
}

test('the loopback service is really there, and answers this process', async () => {
  expect(await (await fetch(`http://127.0.0.1:${port}/secret`)).text()).toContain(SECRET)
})

describe('a URL straight at the loopback service, in every spelling, is refused', () => {
  const forms = [
    'http://127.0.0.1:{port}/secret',
    'http://localhost:{port}/secret',
    'http://LOCALHOST.:{port}/secret',
    'http://api.localhost:{port}/secret',
    'http://127.1:{port}/secret',
    'http://2130706433:{port}/secret',
    'http://0x7f.1:{port}/secret',
    'http://0177.0.0.1:{port}/secret',
    'http://0.0.0.0:{port}/secret',
    'http://[::1]:{port}/secret',
    'http://[::]:{port}/secret',
    'http://[::ffff:127.0.0.1]:{port}/secret',
    'http://[::ffff:7f00:1]:{port}/secret',
    'http://127.0.0.1:{port}/api/%64ata/prompt-chat/search',
    'http://127.0.0.1:{port}/fixtures/article.html',
  ]
  for (const endpoint of ENDPOINTS) {
    test.each(forms)(`${endpoint} %s`, async (form) => {
      const url = atService(form)
      await expectRefused(await post(endpoint, { url }), url)
    })
  }

  test('an async fetch is refused at once, not queued', async () => {
    const url = `http://127.0.0.1:${port}/secret`
    await expectRefused(await post('/fetch', { url, async: true }), url)
  })
})

describe('a spoofed Host header over real HTTP changes nothing', () => {
  let server: ReturnType<typeof serve>
  let platformPort: number
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: platform.platform.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        platformPort = info.port
        resolve()
      })
    })
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  /** One request over a plain socket, so the Host header is exactly the one written. */
  function rawPost(host: string, path: string, body: unknown) {
    const json = JSON.stringify(body)
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const socket = connect(platformPort, '127.0.0.1')
      let data = ''
      socket.setEncoding('utf8')
      socket.on('data', (chunk) => {
        data += chunk
      })
      socket.on('end', () =>
        resolve({
          status: Number(data.split(' ')[1]),
          text: data.slice(data.indexOf('\r\n\r\n') + 4),
        }),
      )
      socket.on('error', reject)
      socket.write(
        [
          `POST /api/data/prompt-chat${path} HTTP/1.1`,
          `Host: ${host}`,
          `Authorization: Bearer ${token}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(json)}`,
          'Connection: close',
          '',
          json,
        ].join('\r\n'),
      )
    })
  }

  for (const endpoint of ENDPOINTS) {
    test(`${endpoint} with Host naming the service cannot reach it`, async () => {
      for (const target of ['/secret', '/fixtures/article.html']) {
        const url = `http://127.0.0.1:${port}${target}`
        const { status, text } = await rawPost(`127.0.0.1:${port}`, endpoint, { url })
        expect(text).not.toContain(SECRET)
        expect(status).toBe(400)
        expect(JSON.parse(text)).toEqual(refusal(url))
      }
      expect(hits).toBe(0)
    })
  }

  test('the own origin is the configured one, whatever Host says', async () => {
    const { status, text } = await rawPost('evil.example', '/scrape', {
      url: `${TEST_ORIGIN}/fixtures/article.html`,
      formats: ['metadata'],
    })
    expect(status).toBe(200)
    expect(JSON.parse(text).metadata.title).toBe('Keeping Prompts Organised: A Field Guide')
  })
})

describe('the platform never fetches itself, however the path is encoded', () => {
  // If it did, this handler would answer with the data API's own search results.
  beforeEach(() => mswServer.use(...platformHandlers(platform.platform, TEST_ORIGIN)))
  /** A search the caller asks the platform to send to itself, signed as the caller. */
  const selfCall = (url: string) =>
    post('/fetch', {
      url,
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: { q: 'loop' },
    })

  test.each([
    `${TEST_ORIGIN}/api/data/prompt-chat/search`,
    `${TEST_ORIGIN}/api/%64ata/prompt-chat/search`,
    `${TEST_ORIGIN}/API/data/prompt-chat/search`,
    `${TEST_ORIGIN}/fixtures/%2e%2e/api/data/prompt-chat/search`,
  ])('%s is refused (the own origin is loopback)', async (url) => {
    await expectRefused(await selfCall(url), url)
  })

  test('an encoded slash cannot climb out of /fixtures/: the fixture handler says 404', async () => {
    const url = `${TEST_ORIGIN}/fixtures/..%2Fapi%2Fdata%2Fprompt-chat%2Fsearch`
    const answer = await (await selfCall(url)).json()
    expect(answer.status).toBe(404)
    expect(JSON.stringify(answer)).not.toContain('organic_results')
  })

  test('the fixtures segment is compared decoded, as the router matches it', async () => {
    const res = await post('/extract-from-url', { url: `${TEST_ORIGIN}/%66ixtures/plain.txt` })
    expect(res.status).toBe(200)
    expect((await res.json()).text).toMatch(/^Share link format/)
  })
})

describe('names are resolved before anything else is decided', () => {
  const refusedNames = [
    ['internal.test', '127.0.0.1'],
    ['internal6.test', '::1'],
    ['mapped.test', '::ffff:127.0.0.1'],
    ['mixed.test', 'a public and a loopback address'],
    ['metadata.test', '169.254.169.254'],
  ]
  for (const endpoint of ENDPOINTS) {
    test.each(refusedNames)(`${endpoint}: %s (%s) is refused`, async (name) => {
      const url = `http://${name}:${port}/secret`
      await expectRefused(await post(endpoint, { url }), url)
    })
  }

  test.each(['public.test', 'nowhere.test'])(
    '%s (public, or not resolvable offline) gets the offline answer',
    async (name) => {
      const url = `http://${name}/page`
      const answer = await (await post('/fetch', { url })).json()
      expect(answer).toMatchObject({ status: 200, body: { offline: true, url } })
    },
  )
})

describe('private, link-local, CGNAT and other non-public ranges are refused; their edges are not', () => {
  test.each([
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://100.127.255.254/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::127.0.0.1]/',
    'http://255.255.255.255/',
  ])('%s', async (url) => {
    await expectRefused(await post('/scrape', { url }), url)
  })

  test.each([
    'http://172.15.255.255/',
    'http://172.32.0.1/',
    'http://100.63.255.255/',
    'http://100.128.0.1/',
    'http://11.0.0.1/',
    `http://${PUBLIC_IP}/`,
    'http://[2606:4700:4700::1111]/',
  ])('%s is public: offline answer', async (url) => {
    const res = await post('/scrape', { url, formats: ['metadata'] })
    expect(res.status).toBe(200)
    expect((await res.json()).metadata.url).toBe(url)
  })
})

describe('redirects never lead into loopback', () => {
  // A "public" host whose server would bounce the platform to the service.
  beforeEach(() =>
    mswServer.use(
      http.all('http://redirector.test/*', () =>
        HttpResponse.text('', {
          status: 302,
          headers: { Location: `http://127.0.0.1:${port}/secret` },
        }),
      ),
    ),
  )

  for (const endpoint of ENDPOINTS) {
    test(`${endpoint}: a public target is answered offline, never followed`, async () => {
      const res = await post(endpoint, { url: 'http://redirector.test/start' })
      expect(res.status).toBe(200)
      expect(await res.text()).not.toContain(SECRET)
      expect(hits).toBe(0)
    })
  }

  test('the policy refuses a redirect target into loopback, by name or by address', async () => {
    const policy = { publicOrigin: TEST_ORIGIN, lookupHost: dns }
    for (const location of [
      `http://127.0.0.1:${port}/secret`,
      `http://internal.test:${port}/secret`,
    ]) {
      expect(await routeTarget(new URL(location), policy)).toMatchObject({ kind: 'refused' })
    }
  })
})

describe('a platform configured with a public origin', () => {
  const ORIGIN = 'https://chat.example.test'
  let hosted: { on: TestPlatform; bearer: string }
  beforeAll(async () => {
    const on = await createTestPlatform({ publicOrigin: ORIGIN, lookupHost: dns })
    hosted = { on, bearer: (await on.signUp('hosted@example.com')).access_token }
  })
  afterAll(() => hosted.on.close())
  // If it fetched itself, this handler would answer with its own search results.
  beforeEach(() => mswServer.use(...platformHandlers(hosted.on.platform, ORIGIN)))

  test('converts its own fixture pages in-process', async () => {
    const res = await post('/scrape', { url: `${ORIGIN}/fixtures/article.html` }, hosted)
    expect(res.status).toBe(200)
    expect((await res.json()).metadata.title).toBe('Keeping Prompts Organised: A Field Guide')
  })

  test('answers its own API offline instead of calling itself', async () => {
    const url = `${ORIGIN}/api/%64ata/prompt-chat/search`
    const headers = { Authorization: `Bearer ${hosted.bearer}`, 'Content-Type': 'application/json' }
    const res = await post('/fetch', { url, method: 'POST', headers, body: { q: 'x' } }, hosted)
    const text = await res.text()
    expect(text).not.toContain('organic_results')
    expect(JSON.parse(text)).toMatchObject({ status: 200, body: { offline: true, url } })
  })

  test('refuses the default localhost origin: it is not its own, and it is loopback', async () => {
    const url = `${TEST_ORIGIN}/fixtures/article.html`
    await expectRefused(await post('/scrape', { url }, hosted), url)
  })
})
