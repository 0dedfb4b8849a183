import { expect, test } from 'vitest'
import { inlineScriptHashes, pagePolicy } from '../../mocks/server/page-policy'

// docs/security.md, "The page's policy". Hashes checked against openssl's
// (`printf 'alert(1)' | openssl dgst -sha256 -binary | base64`).

test('hashes the inline scripts a browser would run, byte for byte', () => {
  const html = [
    '<script>alert(1)</script>',
    '<script type="module">alert(1)</script>',
    '<script type="text/javascript">alert(1)</script>',
    // Not run, so not allowed: a script with a source, and data.
    '<script type="module" src="/assets/index.js"></script>',
    '<script id="app-config" type="application/json">{"a":1}</script>',
  ].join('\n')
  expect(inlineScriptHashes(html)).toEqual([
    "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
    "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
    "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
  ])
  // A space more is another script, with another hash.
  expect(inlineScriptHashes('<script> alert(1)</script>')).not.toEqual(
    inlineScriptHashes('<script>alert(1)</script>'),
  )
})

test('the policy runs script only from the page itself and the hashed inline ones', () => {
  const policy = pagePolicy(["'sha256-abc='"])
  const directives = Object.fromEntries(
    policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
  )
  expect(directives['script-src']).toBe("'self' 'sha256-abc='")
  expect(directives['default-src']).toBe("'self'")
  expect(directives['object-src']).toBe("'none'")
  expect(directives['base-uri']).toBe("'none'")
  // Nothing lets a string become code.
  expect(policy).not.toContain('unsafe-eval')
  expect(directives['script-src']).not.toContain('unsafe-inline')
})

test('only the app and its configured parents may frame it; images from elsewhere only over https', () => {
  const directives = (policy: string) =>
    Object.fromEntries(
      policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    )
  expect(directives(pagePolicy([]))['frame-ancestors']).toBe("'self'")
  expect(
    directives(pagePolicy([], ['http://localhost:5173', 'https://auth.example.com']))[
      'frame-ancestors'
    ],
  ).toBe("'self' http://localhost:5173 https://auth.example.com")
  expect(directives(pagePolicy([]))['img-src']).toBe("'self' data: blob: https:")
})
