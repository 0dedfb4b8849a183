import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { restInsert, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { renderApp } from '../support/render-app'

// The `/` prompt picker in the message input (docs/product/variables.md).

const mockPlatform = installMockPlatform()

let users = 0
async function signedInWith(prompts: Array<{ title: string; content: string; type?: string }>) {
  const tokens = await mockPlatform().signUp(`picker${++users}@example.com`, 'Picker')
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  for (const [i, prompt] of prompts.entries()) {
    await restInsert(tokens, 'prompts', {
      id: `p_picker_${users}_${i}`,
      user_id: userId,
      title: prompt.title,
      content: prompt.content,
      type: prompt.type ?? 'user',
      // Oldest first, so the list (newest first) is the reverse.
      created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    })
  }
  storeSession(tokens)
  const app = renderApp()
  const input = await screen.findByRole('textbox', { name: 'Message' })
  await waitFor(() => expect(input).toBeEnabled())
  return Object.assign(input as HTMLTextAreaElement, { app })
}

const PROMPTS = [
  { title: 'Summarise', content: 'Summarise this text:' },
  { title: 'Translate', content: 'Translate {{text}} into {{language:French|German}}' },
  { title: 'Reviewer', content: 'You review code', type: 'system' },
]

describe('the / prompt picker', () => {
  test('a / opens a combobox with a listbox of the user prompts; typing filters; Enter inserts', async () => {
    const input = await signedInWith(PROMPTS)
    await userEvent.type(input, 'Please /')
    const combobox = await screen.findByRole('combobox', { name: 'Message' })
    expect(combobox).toBe(input)
    expect(combobox).toHaveAttribute('aria-expanded', 'true')
    const listbox = await screen.findByRole('listbox', { name: 'Prompts' })
    expect(combobox).toHaveAttribute('aria-controls', listbox.id)
    // Own user prompts, newest first; system prompts are for activating, not inserting.
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringMatching(/^Translate/), expect.stringMatching(/^Summarise/)]),
    )
    await userEvent.type(input, 'sum')
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1))
    const option = within(listbox).getByRole('option', { name: /Summarise/ })
    expect(combobox).toHaveAttribute('aria-activedescendant', option.id)
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(input.value).toBe('Please Summarise this text:'))
    // Closed again: a plain textbox, and nothing was sent.
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    expect(screen.getByRole('textbox', { name: 'Message' })).toBe(input)
    expect(input).not.toHaveAttribute('aria-expanded')
  })

  test('arrow keys move; a prompt with variables goes through the form, then is inserted', async () => {
    const input = await signedInWith(PROMPTS)
    await userEvent.type(input, '/')
    const listbox = await screen.findByRole('listbox', { name: 'Prompts' })
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2))
    const [first, second] = within(listbox).getAllByRole('option')
    expect(input).toHaveAttribute('aria-activedescendant', first!.id)
    await userEvent.keyboard('{ArrowDown}')
    expect(input).toHaveAttribute('aria-activedescendant', second!.id)
    await userEvent.keyboard('{ArrowUp}')
    expect(input).toHaveAttribute('aria-activedescendant', first!.id)
    await userEvent.keyboard('{Enter}')

    const form = await screen.findByRole('dialog', { name: 'Translate' })
    // (The browser puts focus on the first field, e2e/prompt-variables.spec.ts; jsdom lays
    // nothing out, so Ark finds no field to focus here.)
    await userEvent.type(within(form).getByRole('textbox', { name: 'text' }), 'bonjour')
    await userEvent.click(within(form).getByRole('button', { name: 'Insert' }))
    await waitFor(() => expect(input.value).toBe('Translate bonjour into French'))
    await waitFor(() => expect(input).toHaveFocus())
  })

  test('the arrows wrap round; the pointer highlights and chooses; a press elsewhere closes it', async () => {
    const input = await signedInWith(PROMPTS)
    await userEvent.type(input, '/')
    const listbox = await screen.findByRole('listbox', { name: 'Prompts' })
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2))
    const [first, second] = within(listbox).getAllByRole('option')
    expect(first).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{ArrowUp}')
    expect(input).toHaveAttribute('aria-activedescendant', second!.id)
    expect(second).toHaveAttribute('aria-selected', 'true')
    expect(first).toHaveAttribute('aria-selected', 'false')
    await userEvent.keyboard('{ArrowDown}')
    expect(input).toHaveAttribute('aria-activedescendant', first!.id)

    await userEvent.hover(second!)
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', second!.id))
    await userEvent.click(second!)
    await waitFor(() => expect(input.value).toBe('Summarise this text:'))
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(input).toHaveFocus()

    await userEvent.type(input, ' /')
    await screen.findByRole('listbox', { name: 'Prompts' })
    await userEvent.click(document.body)
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    expect(input.value).toBe('Summarise this text: /')
  })

  test('Escape closes it and leaves the typed text; Enter then sends as always', async () => {
    const input = await signedInWith(PROMPTS)
    await userEvent.type(input, 'see /tra')
    await screen.findByRole('listbox', { name: 'Prompts' })
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    expect(input.value).toBe('see /tra')
    // Shift+Enter still breaks the line; Enter sends.
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}x')
    expect(input.value).toBe('see /tra\nx')
    await userEvent.keyboard('{Enter}')
    expect(
      await screen.findByText('see /tra x', { normalizer: (t) => t.replace(/\s+/g, ' ') }),
    ).toBeInTheDocument()
    await waitFor(() => expect(input.value).toBe(''))
  })

  test('a / inside a word, a space after the query, or no match leave the input a plain textbox', async () => {
    const input = await signedInWith(PROMPTS)
    await userEvent.type(input, 'and/or')
    expect(screen.queryByRole('combobox', { name: 'Message' })).not.toBeInTheDocument()
    await userEvent.clear(input)
    await userEvent.type(input, '/')
    await screen.findByRole('listbox', { name: 'Prompts' })
    await userEvent.type(input, 'zzz')
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
    expect(input.value).toBe('/zzz')
    await userEvent.clear(input)
    await userEvent.type(input, '/ ')
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument())
  })

  test('with no prompts at all, / is just a slash', async () => {
    const input = await signedInWith([])
    await userEvent.type(input, '/')
    // The list loads, is empty, and the picker steps aside.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Message' })).toBe(input)
  })

  afterEach(() => vi.unstubAllGlobals())

  test('a / typed before the picker has started opens it as it starts, filtered by what followed', async () => {
    // The picker is one of the extras, which start once the page is idle: here it never is.
    vi.stubGlobal('requestIdleCallback', () => 0)
    vi.stubGlobal('cancelIdleCallback', () => {})
    const input = await signedInWith(PROMPTS)
    expect(input.app.actors.app.getSnapshot().children.picker).toBeUndefined()
    await userEvent.type(input, '/summ')
    const listbox = await screen.findByRole('listbox', { name: 'Prompts' })
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringMatching(/^Summarise/)]),
    )
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(input.value).toBe('Summarise this text:'))
  })
})
