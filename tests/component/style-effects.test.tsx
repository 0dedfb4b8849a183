import { describe, expect, test } from 'vitest'
import { createActor } from 'xstate'
import { DEFAULT_STYLE_CONFIG } from '../../src/domain/style-config'
import { applyLook, provideStyle, savedStyle } from '../../src/effects/style-effects'

const root = document.documentElement

function startStyle(href = 'http://localhost:3000/') {
  let changeScheme: (dark: boolean) => void = () => {}
  const replaced: string[] = []
  const actor = createActor(
    provideStyle({
      storage: localStorage,
      rootElement: root,
      currentHref: () => href,
      navigate: () => {},
      replaceHref: (url) => replaced.push(url),
      systemScheme: {
        prefersDark: () => false,
        onChange: (listener) => {
          changeScheme = listener
          return () => {}
        },
      },
      // Here the style runs alone: what it keeps with the account goes to the app machine,
      // which is not here (docs/product/live-sync.md#the-style).
    }).provide({ actions: { 'report saved': () => {} } }),
    { input: { saved: savedStyle(localStorage), systemDark: false, href } },
  )
  actor.start()
  return { actor, replaced, changeScheme: (dark: boolean) => changeScheme(dark) }
}

describe('the remembered look (docs/product/style.md)', () => {
  test('nothing saved: the defaults, dark', () => {
    expect(savedStyle(localStorage)).toEqual(DEFAULT_STYLE_CONFIG)
  })

  test('the toggle’s `theme` key decides while styleConfig names no theme', () => {
    localStorage.setItem('theme', 'light')
    expect(savedStyle(localStorage).theme).toBe('light')
    localStorage.setItem('styleConfig', JSON.stringify({ fontSize: 'large' }))
    expect(savedStyle(localStorage)).toMatchObject({ theme: 'light', fontSize: 'large' })
    localStorage.setItem('styleConfig', JSON.stringify({ theme: 'auto' }))
    expect(savedStyle(localStorage).theme).toBe('auto')
    // A saved theme that is no theme at all does not hide the toggle's choice.
    localStorage.setItem('styleConfig', JSON.stringify({ theme: 'purple', fontSize: 'small' }))
    expect(savedStyle(localStorage)).toMatchObject({ theme: 'light', fontSize: 'small' })
  })

  test('the toggle keeps both keys one setting', () => {
    localStorage.setItem('styleConfig', JSON.stringify({ ...DEFAULT_STYLE_CONFIG, theme: 'dark' }))
    const { actor } = startStyle()
    actor.send({ type: 'theme.toggle' })
    expect(localStorage.getItem('theme')).toBe('light')
    expect(JSON.parse(localStorage.getItem('styleConfig') ?? '{}').theme).toBe('light')
    expect(root).toHaveClass('light')
  })

  test('Reset forgets styleConfig and puts the toggle back to the default dark', () => {
    localStorage.setItem('theme', 'light')
    localStorage.setItem('styleConfig', JSON.stringify({ theme: 'light' }))
    const { actor } = startStyle()
    actor.send({ type: 'editor.open' })
    actor.send({ type: 'editor.reset' })
    expect(localStorage.getItem('styleConfig')).toBeNull()
    expect(localStorage.getItem('theme')).toBe('dark')
  })
})

describe('a look on the page', () => {
  test('colours as HSL variables, text colour on the primary, radius, font, size and classes', () => {
    applyLook(root, {
      config: {
        ...DEFAULT_STYLE_CONFIG,
        primaryColor: '#2563EB',
        accentColor: '#F97316',
        borderRadius: 'none',
        fontFamily: 'Nunito',
        fontSize: 'small',
        spacing: 'compact',
        animations: false,
      },
      theme: 'light',
    })
    const value = (name: string) => root.style.getPropertyValue(name)
    expect([value('--primary-h'), value('--primary-s'), value('--primary-l')]).toEqual([
      '221.2',
      '83.2%',
      '53.3%',
    ])
    expect([value('--accent-h'), value('--accent-s'), value('--accent-l')]).toEqual([
      '24.6',
      '95%',
      '53.1%',
    ])
    expect(value('--primary-fg')).toBe('#FFFFFF')
    expect(value('--radius')).toBe('0px')
    expect(value('--font-body')).toMatch(/^"Nunito Variable", "Nunito", system-ui/)
    expect(root.style.fontSize).toBe('14px')
    expect([...root.classList].sort()).toEqual(['light', 'no-animations', 'spacing-compact'])
  })

  test('a new look replaces the old classes rather than piling up', () => {
    applyLook(root, { config: { ...DEFAULT_STYLE_CONFIG, animations: false }, theme: 'light' })
    applyLook(root, { config: { ...DEFAULT_STYLE_CONFIG, spacing: 'spacious' }, theme: 'dark' })
    expect([...root.classList].sort()).toEqual(['dark', 'spacing-spacious'])
  })

  test('Auto follows the system as it changes', () => {
    localStorage.setItem('styleConfig', JSON.stringify({ theme: 'auto' }))
    const { changeScheme } = startStyle()
    expect(root).toHaveClass('light')
    changeScheme(true)
    expect(root).toHaveClass('dark')
  })

  test('a dismissed shared link leaves the address without its style parameter', () => {
    const link = `http://localhost:3000/?tab=1&style=${encodeURIComponent(JSON.stringify({ theme: 'light' }))}#x`
    const { actor, replaced } = startStyle(link)
    actor.send({ type: 'offer.dismiss' })
    expect(replaced).toEqual(['http://localhost:3000/?tab=1#x'])
  })
})
