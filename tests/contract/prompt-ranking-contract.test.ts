import { expect, test } from 'vitest'
import type { PromptRow } from '../../src/domain/prompt-types'
import { rankPrompts } from '../../src/effects/prompt-ranking'
import { searchEverything } from '../../src/effects/search-everything'
import { describeOnEveryBackend } from '../support/contract-backends'

// The Prompt Library's search order (docs/product/search.md#the-prompt-library) over real HTTP
// on both databases: the same as the app's search ranks prompts, and only what the caller may
// read.

describeOnEveryBackend('prompt ranking', ({ signedIn }) => {
  let runs = 0
  async function user(name: string) {
    const who = await signedIn(`rank-${name}-${Date.now()}_${++runs}@example.com`)
    const prompts = who.client.db.table<PromptRow>('prompts')
    const prompt = (title: string, content: string, isPublic: '0' | '1' = '0') =>
      prompts.create({
        userId: who.userId,
        title,
        content,
        type: 'user',
        isPublic,
        createdAt: new Date(Date.parse('2026-05-01T10:00:00.000Z') + ++runs * 1000).toISOString(),
      })
    return { ...who, prompt }
  }

  test('orders the matches as search does: the best first, those it cannot match after', async () => {
    const alice = await user('a')
    const passing = await alice.prompt('Weekly notes', 'Mention the summary once.')
    const strong = await alice.prompt('Summary writer', 'Write a summary of the summary.')
    const middle = await alice.prompt('Summary', 'Short.')
    const none = await alice.prompt('Translator', 'Into French.')
    const ids = [passing.id, strong.id, middle.id, none.id]

    const order = await rankPrompts(alice.client.db, 'summary', ids)
    const searched = (await searchEverything(alice.client.db, 'summary'))
      .filter((result) => result.kind === 'prompt' && ids.includes(result.id))
      .map((result) => result.id)
    expect(order).toEqual(searched)
    expect(order).toHaveLength(3)
    expect(order[0]).toBe(strong.id)
    expect(order).not.toContain(none.id)
    // Quotes and -word work as in the search box.
    expect(await rankPrompts(alice.client.db, 'summary -weekly', ids)).not.toContain(passing.id)
  })

  test("never returns a prompt the caller cannot read, whoever's ids it is given", async () => {
    const alice = await user('a')
    const bob = await user('b')
    const secret = await bob.prompt('Summary secret', 'A private summary.')
    const open = await bob.prompt('Summary for all', 'A public summary.', '1')
    expect(await rankPrompts(alice.client.db, 'summary', [secret.id, open.id])).toEqual([open.id])
  })

  test('a ranking of more than 1,000 prompts is refused as the caller’s mistake', async () => {
    const alice = await user('a')
    const error = await alice.client.db
      .sql('select id from rank_prompts($1, $2)', [
        'summary',
        JSON.stringify(Array.from({ length: 1001 }, (_, i) => `p${i}`)),
      ])
      .catch((e) => e)
    expect(error.status).toBe(400)
    expect(error.message).toBe('A ranking names at most 1,000 prompts')
  })
})
