import { expect, test } from 'vitest'
import type { PromptRow } from '../../src/domain/prompt-types'
import { describeOnEveryBackend } from '../support/contract-backends'

// The quick menu's order (docs/product/screens.md#quick-prompts-panel) over real HTTP on both
// databases: the user's order is kept, a new entry goes last, and no one reorders another's.

interface QuickRow {
  id: string
  userId: string
  promptId: string
  position: number | null
  createdAt: string
}

describeOnEveryBackend('quick menu order', ({ signedIn }) => {
  let runs = 0
  async function withMenu(titles: string[]) {
    const tag = `${Date.now()}_${++runs}`
    const user = await signedIn(`quick-order-${tag}@example.com`)
    const prompts = user.client.db.table<PromptRow>('prompts')
    const quick = user.client.db.table<QuickRow>('quickPrompts')
    const add = async (title: string, i: number) => {
      const prompt = await prompts.create({
        userId: user.userId,
        title,
        content: title,
        type: 'user',
        isPublic: '0',
      })
      return quick.create({
        id: `quick_${title}_${tag}`,
        userId: user.userId,
        promptId: prompt.id,
        createdAt: new Date(Date.parse('2026-05-01T10:00:00.000Z') + i * 1000).toISOString(),
      })
    }
    const entries = []
    for (const [i, title] of titles.entries()) entries.push(await add(title, i))
    const order = async () => {
      const rows = await quick.list({ orderBy: [{ position: 'asc' }, { createdAt: 'asc' }] })
      return rows.map((row) => row.id.split('_')[1])
    }
    const reorder = (ids: string[]) =>
      user.client.db.sql<QuickRow>('select * from reorder_quick_prompts($1)', [ids])
    return { user, entries, add, order, reorder }
  }

  test('a reorder is kept, and an entry added after it goes last', async () => {
    const { entries, add, order, reorder } = await withMenu(['a', 'b', 'c'])
    expect(await order()).toEqual(['a', 'b', 'c'])
    const [a, b, c] = entries.map((e) => e.id)
    const moved = await reorder([c!, a!, b!])
    expect(moved.map((row) => row.position)).toHaveLength(3)
    expect(await order()).toEqual(['c', 'a', 'b'])
    await add('d', 10)
    expect(await order()).toEqual(['c', 'a', 'b', 'd'])
  })

  test('another user’s reorder of my entries changes nothing, and says nothing', async () => {
    const mine = await withMenu(['a', 'b'])
    const theirs = await withMenu(['x'])
    const ids = mine.entries.map((e) => e.id).reverse()
    expect(await theirs.reorder(ids)).toEqual([])
    expect(await mine.order()).toEqual(['a', 'b'])
  })

  test('a reorder naming more than 1000 entries is refused as the caller’s mistake', async () => {
    const { reorder, order } = await withMenu(['a'])
    const error = await reorder(Array.from({ length: 1001 }, (_, i) => `id_${i}`)).catch((e) => e)
    expect(error.status).toBe(400)
    expect(error.message).toBe('A reorder names at most 1000 entries')
    expect(await order()).toEqual(['a'])
  })
})
