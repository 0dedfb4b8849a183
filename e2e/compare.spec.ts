import { expect, type Page, test } from '@playwright/test'
import { composer, openKeys, send } from './support/chat'
import { ownKey, requestsSentWith } from './support/provider-requests'
import { ARTIFACTS, signUp, toast, waitForToastsToGo } from './support/session'

// Compare mode (docs/product/compare.md) on `npm start` with the fake providers: one message
// to several models at once, their replies streamed side by side, one picked to go on with.

const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' })
const compared = (page: Page) =>
  conversation(page).getByRole('region', { name: 'Compared replies' })
const column = (page: Page, model: string) =>
  compared(page).getByRole('group', { name: `Reply from ${model}` })

/** Saves a key of the test's own for each provider, and picks GPT-5. */
async function keysForAll(page: Page) {
  // Each fake takes its provider's test prefix (docs/platform.md, "Fake LLM providers").
  const keys = {
    OpenAI: ownKey('compare'),
    Anthropic: `sk-ant-${ownKey('compare').slice(3)}`,
    Google: `AIza-${ownKey('compare').slice(3)}`,
  }
  const dialog = await openKeys(page)
  for (const [label, key] of Object.entries(keys)) {
    await dialog.getByRole('textbox', { name: `${label} API Key`, exact: true }).fill(key)
    await dialog
      .getByRole('form', { name: `${label} API key` })
      .getByRole('button', { name: 'Save API Key' })
      .click()
    await expect(toast(page, `${label.toLowerCase()} API key saved successfully`)).toBeVisible()
  }
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page
    .getByRole('dialog', { name: 'Select AI Model' })
    .getByRole('button', { name: /GPT-5/ })
    .first()
    .click()
  await expect(composer(page)).toHaveAttribute('placeholder', 'Message GPT-5...')
  await waitForToastsToGo(page)
  return keys
}

/** Turns compare mode on with GPT-5 (the model in use) and `others`. */
async function compareWith(page: Page, ...others: string[]) {
  await page.getByRole('button', { name: 'Compare models' }).click()
  const dialog = page.getByRole('dialog', { name: 'Compare models' })
  await expect(dialog.getByRole('button', { name: /GPT-5$/, pressed: true })).toBeVisible()
  for (const model of others) {
    await dialog.getByRole('button', { name: new RegExp(`${model}$`) }).click()
  }
  await dialog.getByRole('button', { name: 'Compare', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Comparing GPT-5' })).toContainText(
    others.join(', '),
  )
}

/** The last user message each key's provider received, and how many calls it got. */
async function lastQuestions(page: Page, keys: Record<string, string>) {
  const seen: Record<string, { calls: number; texts: string }> = {}
  for (const [provider, key] of Object.entries(keys)) {
    const calls = (await requestsSentWith(page.request, key)).filter((r) => r.method === 'POST')
    seen[provider] = { calls: calls.length, texts: JSON.stringify(calls.at(-1)?.body ?? {}) }
  }
  return seen
}

test('three models answer side by side; the second is picked, survives a reload and goes on', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await signUp(page, 'Cora Compare')
  const keys = await keysForAll(page)
  await send(page, 'Where should we meet?')
  await expect(conversation(page).getByRole('article', { name: 'GPT-5 message' })).toHaveCount(1)
  await expect(composer(page)).toBeEnabled()
  await compareWith(page, 'Claude Sonnet 4.5', 'Gemini 2.5 Pro')

  await test.step('text grows in all three columns before any finishes', async () => {
    await send(page, 'Plan a day in Lisbon [long:60] [rate:15]')
    const models = ['GPT-5', 'Claude Sonnet 4.5', 'Gemini 2.5 Pro']
    await expect(compared(page).getByRole('group')).toHaveCount(3)
    // Every column has text while every column is still arriving.
    await expect
      .poll(async () =>
        Promise.all(
          models.map(async (model) => {
            const one = column(page, model)
            const busy = (await one.getAttribute('aria-busy')) === 'true'
            const text = (await one.innerText()).length
            return busy && text > 60
          }),
        ),
      )
      .toEqual([true, true, true])
    await expect(column(page, 'Claude Sonnet 4.5').getByText(/^≈ \d+ tokens/)).toBeVisible()
    await page.screenshot({ path: `${ARTIFACTS}/compare-streaming-1440.png` })
    for (const model of models) {
      await expect(column(page, model)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 })
      await expect(column(page, model).getByText(/^\d[\d,]* tokens/)).toBeVisible()
    }
  })

  await test.step('each model was sent the same context: the first exchange and the question', async () => {
    const seen = await lastQuestions(page, keys)
    expect(seen.Anthropic?.calls).toBe(1)
    expect(seen.Google?.calls).toBe(1)
    expect(seen.OpenAI?.calls).toBe(2)
    for (const { texts } of Object.values(seen)) {
      expect(texts).toContain('Where should we meet?')
      expect(texts).toContain('Plan a day in Lisbon')
    }
  })

  await test.step('Use this reply on the second: it is the reply, the others its versions', async () => {
    await column(page, 'Claude Sonnet 4.5').getByRole('button', { name: 'Use this reply' }).click()
    await expect(compared(page)).toHaveCount(0)
    const reply = conversation(page).getByRole('article', { name: 'Claude Sonnet 4.5 message' })
    await expect(reply).toBeVisible()
    await expect(reply.getByRole('group', { name: 'Versions' })).toContainText('2 / 3')
    await expect(composer(page)).toHaveAttribute('placeholder', 'Message Claude Sonnet 4.5...')
    await expect(page.getByRole('button', { name: 'Compare models' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  })

  await test.step('after a reload the conversation goes on from the pick', async () => {
    await page.reload()
    const reply = conversation(page).getByRole('article', { name: 'Claude Sonnet 4.5 message' })
    await expect(reply.getByRole('group', { name: 'Versions' })).toContainText('2 / 3')
    await send(page, 'And in the evening?')
    await expect(
      conversation(page).getByRole('article', { name: 'Claude Sonnet 4.5 message' }),
    ).toHaveCount(2)
    const seen = await lastQuestions(page, keys)
    expect(seen.Anthropic?.calls).toBe(2)
    expect(seen.Anthropic?.texts).toContain('And in the evening?')
    // The path: the picked reply's question, not another version's.
    expect(seen.Anthropic?.texts).toContain('Plan a day in Lisbon')
    await reply.getByRole('button', { name: 'Previous version' }).click()
    await expect(conversation(page).getByRole('article', { name: 'GPT-5 message' })).toHaveCount(2)
  })
})

test('one column fails with a 429 while the others finish; Regenerate asks that model again', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUp(page, 'Fay Compare')
  await keysForAll(page)
  await compareWith(page, 'Claude Sonnet 4.5', 'Gemini 2.5 Flash')
  await send(page, 'Name a colour [fail:429@anthropic]')
  const failed = column(page, 'Claude Sonnet 4.5')
  await expect(failed.getByRole('alert')).toHaveText(
    'Anthropic API error: Number of request tokens has exceeded your per-minute rate limit',
  )
  for (const model of ['GPT-5', 'Gemini 2.5 Flash']) {
    await expect(column(page, model)).toHaveAttribute('aria-busy', 'false')
    await expect(column(page, model).getByRole('button', { name: 'Use this reply' })).toBeVisible()
  }
  await expect(failed.getByRole('button', { name: 'Use this reply' })).toHaveCount(0)
  // No toast for one column: its error is in its column.
  await expect(toast(page, 'rate limit')).toHaveCount(0)
  await page.screenshot({ path: `${ARTIFACTS}/compare-failed-column.png` })

  // Asked again, the same question still fails at Anthropic: the other replies stay.
  await failed.getByRole('button', { name: 'Regenerate' }).click()
  await expect(failed.getByRole('alert')).toBeVisible()
  await column(page, 'Gemini 2.5 Flash').getByRole('button', { name: 'Use this reply' }).click()
  await expect(
    conversation(page).getByRole('article', { name: 'Gemini 2.5 Flash message' }),
  ).toBeVisible()
})

test('at 390 px the compared replies are cards reached one by one', async ({ page }) => {
  test.setTimeout(120_000)
  await signUp(page, 'Mo Compare')
  await keysForAll(page)
  // Keys saved from the wide toolbar; the phone's width from here on.
  await page.setViewportSize({ width: 390, height: 844 })
  await compareWith(page, 'Claude Haiku 4.5', 'Gemini 2.5 Flash')
  await send(page, 'Three ideas for dinner')
  for (const model of ['GPT-5', 'Claude Haiku 4.5', 'Gemini 2.5 Flash']) {
    const card = column(page, model)
    await expect(card).toHaveAttribute('aria-busy', 'false')
    await card.scrollIntoViewIfNeeded()
    await expect(card).toBeInViewport({ ratio: 0.8 })
    await page.screenshot({ path: `${ARTIFACTS}/compare-390-${model.split(' ')[0]}.png` })
  }
  // One card at a time fills the width: the next is mostly off screen.
  await expect(column(page, 'GPT-5')).not.toBeInViewport({ ratio: 0.5 })
})

test('Compare again on an earlier message: its reply stays a version, the pick goes on from there', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUp(page, 'Cal Again')
  const keys = await keysForAll(page)
  const gpt = conversation(page).getByRole('article', { name: 'GPT-5 message' })
  const mine = conversation(page).getByRole('article', { name: 'You message' })
  await send(page, 'Name a colour')
  await expect(gpt).toHaveCount(1)
  await expect(composer(page)).toBeEnabled()
  await send(page, 'And a fruit')
  await expect(gpt).toHaveCount(2)
  await expect(composer(page)).toBeEnabled()

  await mine.first().hover()
  await page.screenshot({ path: `${ARTIFACTS}/compare-again-button-1280.png` })
  await mine.first().getByRole('button', { name: 'Compare again' }).click()
  const dialog = page.getByRole('dialog', { name: 'Compare models' })
  await expect(dialog).toContainText('This message goes to each of them again')
  await expect(dialog.getByRole('button', { name: 'Stop comparing' })).toHaveCount(0)
  await dialog.getByRole('button', { name: /Claude Haiku 4\.5$/ }).click()
  await dialog.getByRole('button', { name: 'Compare', exact: true }).click()

  // The columns come under the first message; what followed it makes way until the pick.
  await expect(compared(page).getByRole('group')).toHaveCount(2)
  await expect(mine).toHaveCount(1)
  await expect(mine).toContainText('Name a colour')
  await expect(gpt).toHaveCount(0)
  for (const model of ['GPT-5', 'Claude Haiku 4.5']) {
    await expect(column(page, model)).toHaveAttribute('aria-busy', 'false')
  }
  // Each was sent what came before the message, and the message: not what came after.
  const seen = await lastQuestions(page, keys)
  expect(seen.Anthropic?.calls).toBe(1)
  expect(seen.Anthropic?.texts).toContain('Name a colour')
  expect(seen.Anthropic?.texts).not.toContain('And a fruit')
  await page.screenshot({ path: `${ARTIFACTS}/compare-again-1280.png` })

  await column(page, 'Claude Haiku 4.5').getByRole('button', { name: 'Use this reply' }).click()
  const claude = conversation(page).getByRole('article', { name: 'Claude Haiku 4.5 message' })
  await expect(claude.getByRole('group', { name: 'Versions' })).toContainText('3 / 3')
  await expect(mine).toHaveCount(1)
  await expect(composer(page)).toHaveAttribute('placeholder', 'Message Claude Haiku 4.5...')

  // The first reply is a version, and the conversation that followed it is still there.
  await claude.getByRole('button', { name: 'Previous version' }).click()
  await gpt.first().getByRole('button', { name: 'Previous version' }).click()
  await expect(gpt.first().getByRole('group', { name: 'Versions' })).toContainText('1 / 3')
  await expect(mine).toHaveCount(2)
  await expect(mine.nth(1)).toContainText('And a fruit')
})
