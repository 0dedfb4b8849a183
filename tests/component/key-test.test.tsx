import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { PROVIDER_MODEL_LIST_URLS } from '../../mocks/msw/provider-handlers'
import { encodeApiKey } from '../../src/domain/api-key-encoding'
import { restInsert, restRows, storeSession } from '../support/chat-session'
import { installMockPlatform } from '../support/mock-platform'
import { mswServer } from '../support/msw-server'
import { renderApp } from '../support/render-app'
import { useProviderFakes } from '../unit/providers/fakes-under-msw'

const mockPlatform = installMockPlatform()
const providerFakes = useProviderFakes()

let users = 0
/** A user with these keys stored, the app rendered and Manage API Keys open. */
async function keysDialogWith(keys: Record<string, string>) {
  const tokens = await mockPlatform().signUp(`tester${++users}@example.com`, 'Tester')
  storeSession(tokens)
  const userId = JSON.parse(atob(tokens.access_token.split('.')[1]!)).sub as string
  for (const [provider, key] of Object.entries(keys)) {
    await restInsert(tokens, 'user_api_keys', {
      user_id: userId,
      provider,
      api_key_encrypted: encodeApiKey(key),
    })
  }
  renderApp()
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      expect.stringMatching(/^Message .+\.\.\.$/),
    ),
  )
  await userEvent.click(screen.getAllByRole('button', { name: /GPT|Claude|Gemini/ })[0]!)
  const picker = await screen.findByRole('dialog', { name: 'Select AI Model' })
  await userEvent.click(within(picker).getByRole('button', { name: 'Manage API Keys' }))
  const dialog = await screen.findByRole('dialog', { name: 'Manage API Keys' })
  // The saved keys are loaded into the rows.
  for (const provider of Object.keys(keys)) {
    const label = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Google' }[provider]
    await within(dialog).findByRole('button', { name: `Test ${label} API key` })
  }
  return { dialog, tokens }
}

const row = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByRole('form', { name: `${label} API key` }))

afterEach(() => vi.restoreAllMocks())

/** The row's outcome, once the test has settled: the live region is there, empty, before. */
const expectOutcome = (scope: ReturnType<typeof row>, text: string) =>
  waitFor(() => expect(scope.getByRole('status')).toHaveTextContent(text))

describe('Test in Manage API Keys', () => {
  test("a good key: its provider's model list answers, and the row says 'Key works'", async () => {
    const { dialog, tokens } = await keysDialogWith({ openai: 'sk-test-good-key' })
    const before = await restRows(tokens, 'user_api_keys')
    const openai = row(dialog, 'OpenAI')
    await userEvent.click(openai.getByRole('button', { name: 'Test OpenAI API key' }))
    await expectOutcome(openai, 'Key works')
    expect(providerFakes().requests).toEqual([
      expect.objectContaining({
        provider: 'openai',
        method: 'GET',
        url: 'https://api.openai.com/v1/models',
        headers: expect.objectContaining({ authorization: 'Bearer sk-test-good-key' }),
      }),
    ])
    // Testing never saves.
    expect(await restRows(tokens, 'user_api_keys')).toEqual(before)
  })

  test("a bad key: the provider's own error message, for each provider", async () => {
    const log = vi.spyOn(console, 'log')
    const error = vi.spyOn(console, 'error')
    const { dialog } = await keysDialogWith({
      openai: 'sk-wrong-0000',
      anthropic: 'sk-ant-wrong-1111',
      google: 'AIza-wrong-2222',
    })
    for (const label of ['OpenAI', 'Anthropic', 'Google']) {
      await userEvent.click(
        row(dialog, label).getByRole('button', { name: `Test ${label} API key` }),
      )
    }
    await expectOutcome(
      row(dialog, 'OpenAI'),
      'Incorrect API key provided: ********0000. You can find your API key at https://platform.openai.com/account/api-keys.',
    )
    await expectOutcome(row(dialog, 'Anthropic'), 'invalid x-api-key')
    await expectOutcome(row(dialog, 'Google'), 'API key not valid. Please pass a valid API key.')
    const calls = providerFakes().requests.map(({ provider, method, url, headers }) => ({
      provider,
      method,
      url,
      version: headers['anthropic-version'],
      key: headers['x-api-key'],
    }))
    expect(calls).toEqual([
      expect.objectContaining({ provider: 'openai', url: 'https://api.openai.com/v1/models' }),
      {
        provider: 'anthropic',
        method: 'GET',
        url: 'https://api.anthropic.com/v1/models',
        version: '2023-06-01',
        key: 'sk-ant-wrong-1111',
      },
      expect.objectContaining({
        provider: 'google',
        method: 'GET',
        url: 'https://generativelanguage.googleapis.com/v1beta/models?key=AIza-wrong-2222',
      }),
    ])
    // No key is ever logged.
    const logged = JSON.stringify([...log.mock.calls, ...error.mock.calls])
    for (const key of ['sk-wrong-0000', 'sk-ant-wrong-1111', 'AIza-wrong-2222']) {
      expect(logged).not.toContain(key)
    }
  })

  test('no answer says so; typing another key clears the outcome', async () => {
    mswServer.use(http.get(PROVIDER_MODEL_LIST_URLS.anthropic, () => HttpResponse.error()))
    const { dialog } = await keysDialogWith({ anthropic: 'sk-ant-test-1' })
    const anthropic = row(dialog, 'Anthropic')
    await userEvent.click(anthropic.getByRole('button', { name: 'Test Anthropic API key' }))
    await expectOutcome(anthropic, 'Could not reach Anthropic')
    await userEvent.type(anthropic.getByLabelText('Anthropic API Key'), 'x')
    expect(anthropic.getByRole('status')).toHaveTextContent('')
    await userEvent.clear(anthropic.getByLabelText('Anthropic API Key'))
    expect(anthropic.getByRole('button', { name: 'Test Anthropic API key' })).toBeDisabled()
  })

  test('rows without a saved key have no Test', async () => {
    const { dialog } = await keysDialogWith({ google: 'AIza-test-1' })
    expect(
      row(dialog, 'OpenAI').queryByRole('button', { name: 'Test OpenAI API key' }),
    ).not.toBeInTheDocument()
    expect(row(dialog, 'Google').getByRole('button', { name: 'Test Google API key' })).toBeEnabled()
  })
})
