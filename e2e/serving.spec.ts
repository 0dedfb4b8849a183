import { expect, type Page, type Response, test } from '@playwright/test'

// How `npm start` serves the built app to a real browser (docs/performance.md, "Serving").

test('the page revalidates; its scripts and styles come compressed and cached for good', async ({
  page,
}) => {
  const assets: Response[] = []
  page.on('response', (res) => {
    if (/\/assets\/.+\.(js|css)$/.test(new URL(res.url()).pathname)) assets.push(res)
  })
  const html = await page.goto('/')
  await expect(page.getByRole('button', { name: /Sign In to/ })).toBeVisible()
  const htmlHeaders = await html!.allHeaders()
  expect(htmlHeaders['cache-control']).toBe('no-cache')
  expect(htmlHeaders['content-type']).toMatch(/^text\/html; charset=utf-8$/i)
  expect(htmlHeaders['referrer-policy']).toBe('no-referrer')
  expect(htmlHeaders['x-content-type-options']).toBe('nosniff')

  const kinds = new Set(assets.map((res) => new URL(res.url()).pathname.split('.').pop()))
  expect(kinds).toEqual(new Set(['js', 'css']))
  for (const res of assets) {
    const headers = await res.allHeaders()
    const name = new URL(res.url()).pathname
    expect(res.status(), name).toBe(200)
    // Chromium accepts brotli, and the build wrote a .br for every text asset.
    expect(headers['content-encoding'], name).toBe('br')
    expect(headers.vary, name).toBe('Accept-Encoding')
    expect(headers['cache-control'], name).toBe('public, max-age=31536000, immutable')
    expect(headers['content-type'], name).toMatch(/^(text\/javascript|text\/css); charset=utf-8$/)
    expect(headers.etag, name).toBeTruthy()
    expect(headers['x-content-type-options'], name).toBe('nosniff')
  }
})

test("the platform's JSON answers come compressed to the browser", async ({ page }) => {
  await page.goto('/')
  const path = '/api/db/prompt-chat/rest/v1/ai_models?select=*'
  const [res, models] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(path)),
    page.evaluate((url) => fetch(url).then((r) => r.json()), path),
  ])
  const headers = await res.allHeaders()
  expect(headers['content-encoding']).toBe('br')
  expect(headers.vary).toContain('Accept-Encoding')
  expect(headers['content-type']).toMatch(/^application\/json/)
  expect(models.length).toBeGreaterThan(0)
})

test('a client that has the file gets 304; one without brotli gets gzip', async ({
  page,
  request,
}) => {
  const script = await firstScript(page)

  const gzip = await request.get(script, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(gzip.headers()['content-encoding']).toBe('gzip')
  const etag = gzip.headers().etag ?? ''
  expect(etag).not.toBe('')
  const again = await request.get(script, {
    headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag },
  })
  expect(again.status()).toBe(304)
  const identity = await request.get(script, { headers: { 'Accept-Encoding': 'identity' } })
  expect(identity.headers()['content-encoding']).toBeUndefined()
  expect(Number(identity.headers()['content-length'])).toBeGreaterThan(
    Number(gzip.headers()['content-length']),
  )
})

test('HEAD answers the headers GET does, for the page, a deep route and a hashed asset', async ({
  page,
  request,
}) => {
  const script = await firstScript(page)

  const names = ['cache-control', 'content-type', 'content-length', 'content-encoding', 'etag']
  for (const url of ['/', '/some/route', script]) {
    const options = { headers: { 'Accept-Encoding': 'br' } }
    const got = (await request.get(url, options)).headers()
    const head = await request.head(url, options)
    expect(head.status(), url).toBe(200)
    const headers = head.headers()
    for (const name of names) expect(headers[name], `${url} ${name}`).toBe(got[name])
    expect(headers['cache-control'], url).toBe(
      url === script ? 'public, max-age=31536000, immutable' : 'no-cache',
    )
    expect(Number(headers['content-length']), url).toBeGreaterThan(0)
    expect(headers['x-content-type-options'], url).toBe('nosniff')
    expect((await head.body()).length, url).toBe(0)
  }
})

/** Opens the landing page; the path of the first script it loaded (a hashed asset). */
async function firstScript(page: Page): Promise<string> {
  let script = ''
  page.on('response', (res) => {
    if (/\/assets\/.+\.js$/.test(res.url())) script ||= new URL(res.url()).pathname
  })
  await page.goto('/')
  await expect(page.getByRole('button', { name: /Sign In to/ })).toBeVisible()
  expect(script).not.toBe('')
  return script
}

test("the page's policy: its own scripts run, a script slipped into the page does not", async ({
  page,
}) => {
  const violations: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/.test(m.text())) violations.push(m.text())
  })
  const html = await page.goto('/?c=conv_nothing')
  expect((await html!.allHeaders())['content-security-policy']).toContain(
    "script-src 'self' 'sha256-",
  )
  // The theme script in index.html ran (it is allowed by its hash), and the app started.
  await expect(page.locator('html')).toHaveClass(/dark|light/)
  await expect(page.getByRole('button', { name: /Sign In to/ })).toBeVisible()
  expect(violations).toEqual([])
  // What an injection would do: an inline script and an inline handler, both refused.
  const ran = await page.evaluate(async () => {
    const seen: string[] = []
    document.addEventListener('securitypolicyviolation', (e) => seen.push(e.violatedDirective))
    const script = document.createElement('script')
    script.textContent = 'window.__injected = true'
    document.body.append(script)
    const img = document.createElement('img')
    img.setAttribute('onerror', 'window.__injected = true')
    img.src = 'data:,'
    document.body.append(img)
    await new Promise((resolve) => setTimeout(resolve, 200))
    return { injected: (window as { __injected?: boolean }).__injected ?? false, seen }
  })
  expect(ran.injected).toBe(false)
  expect(ran.seen).toContain('script-src-elem')
  expect(ran.seen).toContain('script-src-attr')
  // Chromium says so in the console too, which the axe walk watches on every screen.
  expect(violations.length).toBeGreaterThan(0)
})
