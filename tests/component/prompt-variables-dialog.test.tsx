import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { restInsert, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { renderApp } from '../support/render-app'

// The variables form (docs/product/variables.md) as the library's Run, the quick menu and a
// system prompt's activation open it, on the mock platform.

const mockPlatform = installMockPlatform()
const toast = (text: string) => screen.findByText(text, {}, { timeout: 4000 })
const TRANSLATE = 'Translate {{text}} into {{language:French|German|Welsh}}, {{tone:politely}}.'

let users = 0
async function signedInWith(prompts: Array<{ title: string; content: string; type?: string }>) {
  const tokens = await mockPlatform().signUp(`vars${++users}@example.com`, 'Vars')
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  for (const [i, prompt] of prompts.entries()) {
    await restInsert(tokens, 'prompts', {
      id: `p_vars_${users}_${i}`,
      user_id: userId,
      title: prompt.title,
      content: prompt.content,
      type: prompt.type ?? 'user',
    })
  }
  storeSession(tokens)
  const app = renderApp()
  await screen.findByText(/Welcome,/)
  return { app, userId, tokens }
}

async function myPrompt(title: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Library' }))
  const library = await screen.findByRole('dialog', { name: 'Prompt Library' })
  await userEvent.click(within(library).getByRole('tab', { name: 'My Prompts' }))
  return within(library).findByRole('article', { name: title })
}

const message = () =>
  screen.getByRole('textbox', { name: 'Message', hidden: true }) as HTMLTextAreaElement

describe('the variables form', () => {
  test('Run: one field per variable in order, a select for the choice, defaults in, a live preview', async () => {
    await signedInWith([{ title: 'Translate', content: TRANSLATE }])
    const card = await myPrompt('Translate')
    await userEvent.click(within(card).getByRole('button', { name: 'Run' }))

    const form = await screen.findByRole('dialog', { name: 'Translate' })
    const fields = [...form.querySelectorAll<HTMLInputElement>('input, select')]
    expect(fields.map((field) => [field.tagName, field.labels?.[0]?.textContent])).toEqual([
      ['INPUT', 'text'],
      ['SELECT', 'language'],
      ['INPUT', 'tone'],
    ])
    const language = within(form).getByRole('combobox', { name: 'language' })
    expect(language).toHaveValue('French')
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['French', 'German', 'Welsh'])
    expect(within(form).getByRole('textbox', { name: 'tone' })).toHaveValue('politely')
    const preview = within(form).getByRole('region', { name: 'Preview' })
    expect(preview).toHaveTextContent('Translate into French, politely.')

    await userEvent.type(within(form).getByRole('textbox', { name: 'text' }), 'good night')
    await userEvent.selectOptions(language, 'Welsh')
    expect(preview).toHaveTextContent('Translate good night into Welsh, politely.')
    // Nothing has reached the chat yet.
    expect(message().value).toBe('')

    await userEvent.click(within(form).getByRole('button', { name: 'Run' }))
    expect(await toast('Running prompt: Translate')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(message().value).toBe('Translate good night into Welsh, politely.')
  })

  test('Cancel and Escape change nothing: the library is still there, the input untouched', async () => {
    await signedInWith([{ title: 'Translate', content: TRANSLATE }])
    const card = await myPrompt('Translate')
    await userEvent.click(within(card).getByRole('button', { name: 'Run' }))
    let form = await screen.findByRole('dialog', { name: 'Translate' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'text' }), 'abc')
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Translate' })).not.toBeInTheDocument(),
    )
    expect(screen.getByRole('dialog', { name: 'Prompt Library' })).toBeInTheDocument()

    await userEvent.click(within(card).getByRole('button', { name: 'Run' }))
    form = await screen.findByRole('dialog', { name: 'Translate' })
    // A fresh form: what was typed before is gone.
    expect(within(form).getByRole('textbox', { name: 'text' })).toHaveValue('')
    await userEvent.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Translate' })).not.toBeInTheDocument(),
    )
    expect(screen.getByRole('dialog', { name: 'Prompt Library' })).toBeInTheDocument()
    expect(message().value).toBe('')
  })

  test('a prompt without variables runs exactly as before: no form', async () => {
    await signedInWith([{ title: 'Plain', content: 'Say {hi} and {{ }} to me' }])
    const card = await myPrompt('Plain')
    await userEvent.click(within(card).getByRole('button', { name: 'Run' }))
    expect(await toast('Running prompt: Plain')).toBeInTheDocument()
    expect(message().value).toBe('Say {hi} and {{ }} to me')
  })

  test('quick run: the form first; 100 ms after Submit the filled text is sent', async () => {
    await signedInWith([{ title: 'Translate', content: TRANSLATE }])
    const card = await myPrompt('Translate')
    await userEvent.click(within(card).getByRole('button', { name: 'Add to Quick Menu' }))
    expect(await toast('Added "Translate" to quick menu')).toBeInTheDocument()
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Prompt Library' })).getByRole('button', {
        name: 'Close',
      }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Quick Prompts' }))
    const panel = await screen.findByRole('dialog', { name: 'Quick Prompts' })
    await userEvent.click(await within(panel).findByText('Translate'))
    const form = await screen.findByRole('dialog', { name: 'Translate' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'text' }), 'hi')
    await userEvent.click(within(form).getByRole('button', { name: 'Run' }))
    expect(await toast('Running: Translate')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // 100 ms after Submit the filled text is sent (or as soon as the model list has chosen a
    // model, docs/product/behaviour.md#quick-prompt-run): the input empties, the text is the
    // user's message.
    await waitFor(() => expect(message().value).toBe(''), { timeout: 4000 })
    expect(screen.getByRole('article', { name: 'You message' })).toHaveTextContent(
      'Translate hi into French, politely.',
    )
    // No key for the model: the send ends there (docs/product/behaviour.md#chat-sending).
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  test('activating a system prompt with variables fills it; the header names it, the values are kept', async () => {
    const { userId } = await signedInWith([
      {
        title: 'Persona',
        content: 'You are a {{role:pirate|poet}}. Answer in {{language}}.',
        type: 'system',
      },
    ])
    const card = await myPrompt('Persona')
    await userEvent.click(within(card).getByRole('button', { name: 'Activate' }))
    const form = await screen.findByRole('dialog', { name: 'Persona' })
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'role' }), 'poet')
    await userEvent.type(within(form).getByRole('textbox', { name: 'language' }), 'Welsh')
    expect(within(form).getByRole('region', { name: 'Preview' })).toHaveTextContent(
      'You are a poet. Answer in Welsh.',
    )
    await userEvent.click(within(form).getByRole('button', { name: 'Activate' }))
    expect(await toast('Activated: Persona')).toBeInTheDocument()
    expect(await screen.findByTestId('active-prompt-badge')).toHaveTextContent('Active: Persona')
    const kept = Object.keys(localStorage).find((key) => key.startsWith(`promptValues:${userId}:`))
    expect(kept && JSON.parse(localStorage.getItem(kept) ?? '')).toEqual({
      role: 'poet',
      language: 'Welsh',
    })
  })
})
