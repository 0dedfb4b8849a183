import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { signUp } from './support/session'

// A page on another port of this machine is another site (docs/security.md, "Framing and the
// parent bridge"): it may neither frame the app nor hand it someone else's tokens.

let stranger: Server
let strangerOrigin: string
let attackerTokens: unknown

/** The stranger's page: frames the app, then posts it the attacker's tokens, again and again. */
function strangerPage(appUrl: string): string {
  return `<!doctype html><title>Stranger</title>
<iframe id="app" src="${appUrl}" width="800" height="600"></iframe>
<script>
  const tokens = ${JSON.stringify(attackerTokens)};
  const frame = document.getElementById('app');
  setInterval(() => frame.contentWindow.postMessage({ type: 'AUTH_TOKENS', tokens }, '*'), 50);
</script>`
}

test.beforeAll(async ({ browser, baseURL }) => {
  const attacker = await browser.newPage()
  await signUp(attacker, 'Mallory')
  attackerTokens = await attacker.evaluate(() => JSON.parse(localStorage.getItem('auth_tokens')!))
  await attacker.close()
  stranger = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' }).end(strangerPage(`${baseURL}/`))
  })
  await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve))
  strangerOrigin = `http://localhost:${(stranger.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => stranger.close(resolve))
})

test('a page on another localhost port cannot frame the app or sign it in', async ({
  page,
  baseURL,
}) => {
  const refused: string[] = []
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refused.push(message.text())
  })
  const answer = page.waitForResponse((response) => response.url() === `${baseURL}/`)
  await page.goto(strangerOrigin)
  // The app's answer forbids the framing, and the browser keeps its page out of the frame.
  const headers = await (await answer).allHeaders()
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'")
  expect(headers['content-security-policy']).not.toContain(strangerOrigin)
  expect(headers['x-frame-options']).toBe('SAMEORIGIN')
  await expect.poll(() => refused.length).toBeGreaterThan(0)
  const framed = page.frameLocator('#app')
  await expect(framed.getByRole('button', { name: /Sign In to/ })).toHaveCount(0)
  // The user's own tab, opened afterwards, is still signed out: no token was taken.
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Sign In to Continue' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('auth_tokens'))).toBeNull()
})
