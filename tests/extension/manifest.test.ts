import { describe, expect, it } from 'vitest'
import { appOriginFrom, createManifest } from '../../extension/manifest'
import { parseRuntimeMessage } from '../../extension/src/runtime-messages'

describe('the manifest', () => {
  const manifest = createManifest('http://localhost:3100', '1.2.3')

  it('asks for storage only, and host access to the app origin only', () => {
    expect(manifest.manifest_version).toBe(3)
    expect(manifest.permissions).toEqual(['storage'])
    expect(manifest.host_permissions).toEqual(['http://localhost:3100/*'])
    expect(manifest).not.toHaveProperty('optional_permissions')
    expect(manifest).not.toHaveProperty('externally_connectable')
  })

  it('lets the three chat sites frame the menu page, and nothing else', () => {
    expect(manifest.web_accessible_resources).toEqual([
      {
        resources: ['menu.html'],
        matches: ['https://chatgpt.com/*', 'https://claude.ai/*', 'https://gemini.google.com/*'],
      },
    ])
  })

  it('runs the bridge script on the app and the menu on the three chat sites', () => {
    expect(manifest.content_scripts).toEqual([
      { matches: ['http://localhost:3100/*'], js: ['app-content.js'], run_at: 'document_idle' },
      {
        matches: ['https://chatgpt.com/*', 'https://claude.ai/*', 'https://gemini.google.com/*'],
        js: ['chat-content.js'],
        run_at: 'document_idle',
      },
    ])
    expect(manifest.background).toEqual({ service_worker: 'background.js' })
    expect(manifest.version).toBe('1.2.3')
  })

  it('takes the app origin from the environment, defaulting to npm start', () => {
    expect(appOriginFrom(undefined)).toBe('http://localhost:3000')
    expect(appOriginFrom('')).toBe('http://localhost:3000')
    expect(appOriginFrom('https://prompts.example.com/')).toBe('https://prompts.example.com')
    expect(() => appOriginFrom('https://prompts.example.com/app')).toThrow(/origin only/)
    expect(() => appOriginFrom('chrome://extensions')).toThrow(/http/)
    expect(() => appOriginFrom('not a url')).toThrow(/not a URL/)
  })
})

describe('the extension runtime messages', () => {
  it('accepts its own kinds only', () => {
    expect(parseRuntimeMessage({ kind: 'prompt-chat/refresh' })).toEqual({
      kind: 'prompt-chat/refresh',
    })
    expect(
      parseRuntimeMessage({ kind: 'prompt-chat/set-system-prompt', promptId: 'p', isActive: true }),
    ).toMatchObject({ promptId: 'p' })
    expect(parseRuntimeMessage({ kind: 'prompt-chat/set-system-prompt', promptId: '' })).toBeNull()
    expect(parseRuntimeMessage({ type: 'GET_USER_DATA' })).toBeNull()
    expect(parseRuntimeMessage(null)).toBeNull()
  })
})
