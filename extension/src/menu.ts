import { filterPrompts } from '../../src/domain/prompt-search'
import { hasVariables } from '../../src/domain/prompt-variables'
import { createFillForm } from './fill-form'
import { MENU_CSS } from './menu-styles'
import type { MenuSystemPrompt, MenuUserPrompt } from './protocol'

/** What the menu shows. */
export type MenuView =
  | {
      kind: 'ready'
      userPrompts: readonly MenuUserPrompt[]
      systemPrompts: readonly MenuSystemPrompt[]
    }
  | { kind: 'signed-out' }
  /** No fresh data: no app tab has refreshed it lately. */
  | { kind: 'no-app' }

export interface PromptMenuOptions {
  /** The app's address, for the "Open Prompt Chat" link. */
  appUrl: string
  onInsert(prompt: MenuUserPrompt): void
  /** Asks the app to (de)activate; resolves whether it did. */
  onToggle(prompt: MenuSystemPrompt, isActive: boolean): Promise<boolean>
  /** The panel was opened (a chance to ask for fresh data). */
  onOpen?(): void
  /** The user closed the panel (× or Escape) or chose a prompt. */
  onClose?(): void
}

/** "★ 4.0 (1)": the average rating and how many ratings it has. */
export function ratingLabel(prompt: Pick<MenuUserPrompt, 'averageRating' | 'totalRatings'>) {
  return `★ ${prompt.averageRating.toFixed(1)} (${prompt.totalRatings})`
}

/**
 * The prompt menu's panel. It runs only in the extension's own frame (menu.html, see
 * docs/security.md "The extension menu lives in the extension's frame"): the chat site's page
 * holds the button and this frame, never a prompt's text.
 */
export function createPromptMenu(doc: Document, options: PromptMenuOptions) {
  const el = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Partial<Record<string, string>> = {},
    text?: string,
  ) => {
    const node = doc.createElement(tag)
    for (const [key, value] of Object.entries(props)) {
      if (value !== undefined) node.setAttribute(key, value)
    }
    if (text !== undefined) node.textContent = text
    return node
  }

  const root = el('div', { class: 'menu' })
  root.append(el('style', {}, MENU_CSS))
  const panel = el('div', { class: 'panel', role: 'dialog', 'aria-label': 'Prompt Chat' })
  panel.hidden = true
  const head = el('div', { class: 'head' })
  const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×')
  head.append(el('h2', {}, 'Prompt Chat'), close)
  const search = el('input', {
    type: 'search',
    class: 'search',
    placeholder: 'Search prompts',
    'aria-label': 'Search prompts',
  })
  const body = el('div', { class: 'body' })
  panel.append(head, search, body)
  root.append(panel)

  let opened = false
  let view: MenuView = { kind: 'no-app' }
  let error = ''
  let filling = false
  const busy = new Set<string>()

  function statusView(message: string) {
    const box = el('div', { class: 'status', role: 'status' })
    const link = el('a', { href: options.appUrl, target: '_blank', rel: 'noopener noreferrer' })
    link.textContent = 'Open Prompt Chat'
    box.append(el('p', { class: 'note' }, message), link)
    return box
  }

  function userList(prompts: readonly MenuUserPrompt[]) {
    const list = el('ul', { 'aria-label': 'Your prompts' })
    for (const prompt of prompts) {
      const item = el('li')
      const button = el('button', {
        type: 'button',
        class: 'prompt',
        'data-prompt-id': prompt.id,
        title: 'Insert into the message box',
      })
      const rating = el('span', { class: 'rating', 'data-testid': 'rating' }, ratingLabel(prompt))
      rating.setAttribute(
        'aria-label',
        `Rated ${prompt.averageRating.toFixed(1)} out of 5 by ${prompt.totalRatings}`,
      )
      button.append(
        el('span', { class: 'title' }, prompt.title),
        el('span', { class: 'snippet' }, prompt.content),
        rating,
      )
      button.addEventListener('click', () => {
        if (hasVariables(prompt.content)) {
          fill(prompt)
          return
        }
        options.onInsert(prompt)
        setOpen(false)
      })
      item.append(button)
      list.append(item)
    }
    return list
  }

  function systemList(prompts: readonly MenuSystemPrompt[]) {
    const list = el('ul', { 'aria-label': 'System prompts' })
    for (const prompt of prompts) {
      const item = el('li', { class: 'system', 'data-prompt-id': prompt.id })
      item.append(el('span', { class: 'title', title: prompt.content }, prompt.title))
      if (prompt.isActive) item.append(el('span', { class: 'badge' }, 'Active'))
      const toggle = el(
        'button',
        {
          type: 'button',
          class: 'toggle',
          'aria-pressed': String(prompt.isActive),
          'aria-label': `${prompt.isActive ? 'Deactivate' : 'Activate'} ${prompt.title}`,
        },
        prompt.isActive ? 'Deactivate' : 'Activate',
      )
      toggle.disabled = busy.has(prompt.id)
      toggle.addEventListener('click', () => void toggleSystem(prompt))
      item.append(toggle)
      list.append(item)
    }
    return list
  }

  /** A prompt with variables is inserted through the fill-in form (docs/product/variables.md). */
  function fill(prompt: MenuUserPrompt) {
    filling = true
    search.hidden = true
    const form = createFillForm(doc, {
      title: prompt.title,
      content: prompt.content,
      onSubmit(text) {
        filling = false
        options.onInsert({ ...prompt, content: text })
        setOpen(false)
      },
      onCancel() {
        filling = false
        render()
        search.focus()
      },
    })
    body.replaceChildren(form)
    form.querySelector<HTMLElement>('input, select')?.focus()
  }

  async function toggleSystem(prompt: MenuSystemPrompt) {
    busy.add(prompt.id)
    error = ''
    render()
    const ok = await options.onToggle(prompt, !prompt.isActive).catch(() => false)
    busy.delete(prompt.id)
    if (!ok) error = `Could not ${prompt.isActive ? 'deactivate' : 'activate'} “${prompt.title}”.`
    render()
  }

  function render() {
    // Fresh data while the form is open waits: re-rendering would throw away what is typed.
    if (filling) return
    search.hidden = view.kind !== 'ready'
    if (view.kind === 'signed-out') {
      body.replaceChildren(
        statusView('You are signed out of Prompt Chat. Sign in there to use your prompts here.'),
      )
      return
    }
    if (view.kind === 'no-app') {
      body.replaceChildren(
        statusView('Open Prompt Chat in a tab (and sign in) to load your prompts here.'),
      )
      return
    }
    const users = filterPrompts(view.userPrompts, search.value)
    const systems = filterPrompts(view.systemPrompts, search.value)
    const parts: Node[] = [el('h3', {}, 'Your prompts')]
    parts.push(
      users.length
        ? userList(users)
        : el(
            'p',
            { class: 'empty' },
            view.userPrompts.length ? 'No prompts match.' : 'No prompts yet.',
          ),
    )
    parts.push(el('h3', {}, 'System prompts'))
    parts.push(
      systems.length
        ? systemList(systems)
        : el(
            'p',
            { class: 'empty' },
            view.systemPrompts.length ? 'No system prompts match.' : 'No system prompts yet.',
          ),
    )
    if (error) parts.push(el('p', { class: 'error', role: 'alert' }, error))
    body.replaceChildren(...parts)
  }

  function setOpen(open: boolean) {
    const wasOpen = opened
    opened = open
    panel.hidden = !open
    if (open && !wasOpen) {
      error = ''
      filling = false
      render()
      options.onOpen?.()
      if (view.kind === 'ready') search.focus()
    }
    if (!open && wasOpen) options.onClose?.()
  }

  close.addEventListener('click', () => setOpen(false))
  search.addEventListener('input', render)
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') setOpen(false)
  })

  render()

  return {
    root,
    update(next: MenuView) {
      const focusSearch = view.kind !== 'ready' && next.kind === 'ready' && opened
      view = next
      render()
      if (focusSearch && !filling) search.focus()
    },
    open: () => setOpen(true),
    close: () => setOpen(false),
    get isOpen() {
      return opened
    },
  }
}
