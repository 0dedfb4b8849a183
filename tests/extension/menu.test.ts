import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPromptMenu, type PromptMenuOptions, ratingLabel } from '../../extension/src/menu'
import { SAMPLE_PROMPTS } from './fake-chrome'

function mountMenu(overrides: Partial<PromptMenuOptions> = {}) {
  const options: PromptMenuOptions = {
    appUrl: 'http://localhost:3000/',
    onInsert: vi.fn(),
    onToggle: vi.fn(async () => true),
    onOpen: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  }
  const menu = createPromptMenu(document, options)
  document.body.append(menu.root)
  const $ = <E extends Element = HTMLElement>(selector: string) =>
    menu.root.querySelector<E>(selector)
  const $$ = (selector: string) => [...menu.root.querySelectorAll<HTMLElement>(selector)]
  return { menu, options, $, $$ }
}

const ready = { kind: 'ready', ...SAMPLE_PROMPTS } as const

describe('the prompt menu', () => {
  afterEach(() => {
    document.body.replaceChildren()
  })

  it('is a dialog, hidden until opened, and tells when it closes', () => {
    const { menu, options, $ } = mountMenu()
    expect($('[role="dialog"]')!.hidden).toBe(true)
    menu.open()
    expect($('[role="dialog"]')!.hidden).toBe(false)
    expect(options.onOpen).toHaveBeenCalledTimes(1)
    $<HTMLButtonElement>('button.close')!.click()
    expect(options.onClose).toHaveBeenCalledTimes(1)
  })

  it('lists user prompts with their rating and system prompts with a toggle', () => {
    const { menu, $$ } = mountMenu()
    menu.update(ready)
    menu.open()
    const users = $$('ul[aria-label="Your prompts"] button.prompt')
    expect(users.map((b) => b.querySelector('.title')?.textContent)).toEqual([
      'Bug triage',
      'Haiku',
    ])
    expect(users.map((b) => b.querySelector('[data-testid="rating"]')?.textContent)).toEqual([
      '★ 4.0 (1)',
      '★ 0.0 (0)',
    ])
    const systems = $$('ul[aria-label="System prompts"] li')
    expect(systems.map((li) => li.querySelector('.toggle')?.textContent)).toEqual([
      'Deactivate',
      'Activate',
    ])
    expect(systems[0]!.querySelector('.badge')?.textContent).toBe('Active')
    expect(systems[1]!.querySelector('.badge')).toBeNull()
  })

  it('filters both lists by title or content', () => {
    const { menu, $, $$ } = mountMenu()
    menu.update(ready)
    menu.open()
    const search = $<HTMLInputElement>('input[type="search"]')!
    search.value = 'SEA'
    search.dispatchEvent(new Event('input'))
    expect($$('button.prompt .title').map((t) => t.textContent)).toEqual(['Haiku'])
    expect($$('.system').length).toBe(0)
    expect(menu.root.textContent).toContain('No system prompts match.')
    search.value = 'pirate'
    search.dispatchEvent(new Event('input'))
    expect($$('button.prompt').length).toBe(0)
    expect(menu.root.textContent).toContain('No prompts match.')
    expect($$('.system .title').map((t) => t.textContent)).toEqual(['Pirate'])
  })

  it('sends a toggle for a system prompt and shows a failure', async () => {
    const onToggle = vi.fn(async () => false)
    const { menu, $$ } = mountMenu({ onToggle })
    menu.update(ready)
    menu.open()
    $$('.system .toggle')[1]!.click()
    expect(onToggle).toHaveBeenCalledWith(SAMPLE_PROMPTS.systemPrompts[1], true)
    await vi.waitFor(() =>
      expect(menu.root.querySelector('[role="alert"]')?.textContent).toBe(
        'Could not activate “Pirate”.',
      ),
    )
    $$('.system .toggle')[0]!.click()
    expect(onToggle).toHaveBeenLastCalledWith(SAMPLE_PROMPTS.systemPrompts[0], false)
  })

  it('inserts a clicked user prompt and closes', () => {
    const { menu, options, $, $$ } = mountMenu()
    menu.update(ready)
    menu.open()
    $$('button.prompt')[0]!.click()
    expect(options.onInsert).toHaveBeenCalledWith(SAMPLE_PROMPTS.userPrompts[0])
    expect($('[role="dialog"]')!.hidden).toBe(true)
  })

  it('says so when signed out, with a link to the app', () => {
    const { menu, $ } = mountMenu()
    menu.update({ kind: 'signed-out' })
    menu.open()
    expect($('[role="status"]')!.textContent).toContain('You are signed out of Prompt Chat')
    const link = $<HTMLAnchorElement>('a')!
    expect(link.textContent).toBe('Open Prompt Chat')
    expect(link.href).toBe('http://localhost:3000/')
    expect(link.target).toBe('_blank')
    expect($<HTMLInputElement>('input[type="search"]')!.hidden).toBe(true)
  })

  it('says so when no app tab has fresh data', () => {
    const { menu, $ } = mountMenu()
    menu.update({ kind: 'no-app' })
    menu.open()
    expect($('[role="status"]')!.textContent).toContain('Open Prompt Chat in a tab')
    expect($('a')!.textContent).toBe('Open Prompt Chat')
  })

  it('closes on Escape', () => {
    const { menu, options, $ } = mountMenu()
    menu.update(ready)
    menu.open()
    $('input[type="search"]')!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
    )
    expect(menu.isOpen).toBe(false)
    expect(options.onClose).toHaveBeenCalledTimes(1)
  })

  it('formats ratings with one decimal', () => {
    expect(ratingLabel({ averageRating: 3.6667, totalRatings: 3 })).toBe('★ 3.7 (3)')
  })

  it('a prompt with variables is inserted through a fill-in form; Cancel inserts nothing', () => {
    const templated = {
      id: 'u3',
      title: 'Translate',
      content: 'Translate {{text}} into {{language:French|German}}, {{tone:politely}}.',
      averageRating: 0,
      totalRatings: 0,
    }
    const { menu, options, $, $$ } = mountMenu()
    menu.update({ ...ready, userPrompts: [templated] })
    menu.open()
    $('button.prompt')!.click()
    const form = $<HTMLFormElement>('form[aria-label="Fill in Translate"]')!
    expect($$('form .field span').map((name) => name.textContent)).toEqual([
      'text',
      'language',
      'tone',
    ])
    expect(document.activeElement).toBe(form.querySelector('input'))
    const [text, tone] = [...form.querySelectorAll('input')]
    const language = form.querySelector('select')!
    expect([...language.options].map((o) => o.value)).toEqual(['French', 'German'])
    expect(tone!.value).toBe('politely')
    expect($('[aria-label="Preview"]')!.textContent).toBe('Translate  into French, politely.')

    text!.value = 'hello'
    text!.dispatchEvent(new Event('input'))
    language.value = 'German'
    language.dispatchEvent(new Event('input'))
    // Fresh data meanwhile does not throw the form away.
    menu.update({ ...ready, userPrompts: [templated] })
    expect($('[aria-label="Preview"]')!.textContent).toBe('Translate hello into German, politely.')
    $<HTMLButtonElement>('form button[type="submit"]')!.click()
    expect(options.onInsert).toHaveBeenCalledWith({
      ...templated,
      content: 'Translate hello into German, politely.',
    })
    expect(menu.isOpen).toBe(false)

    menu.open()
    $('button.prompt')!.click()
    $<HTMLButtonElement>('form button.secondary')!.click()
    expect($('form')).toBeNull()
    expect($$('ul[aria-label="Your prompts"] button.prompt')).toHaveLength(1)
    expect(options.onInsert).toHaveBeenCalledTimes(1)
  })
})
