import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PromptRow } from '../../src/domain/prompt-types'
import { createPromptData, type PromptData } from '../../src/effects/prompt-data'
import { createLibraryData, type LibraryData } from '../../src/effects/prompt-library-data'
import { createPromptLists, type PromptLists } from '../../src/effects/prompt-lists'
import { loadQuickMenu } from '../../src/effects/quick-menu'
import { createPlatformClient, type PlatformClient } from '../../src/platform/index'
import {
  createTestPlatform,
  TEST_ORIGIN,
  TEST_PROJECT_ID,
  type TestPlatform,
} from '../support/test-platform'

// The prompt operations over the real mock platform (PGlite, row-level security on).
let platform: TestPlatform
beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(async () => {
  await platform?.close()
})

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

/** One browser tab: its own SDK client signed in as `email` (signed up on first use). */
async function tab(email: string, tokens?: Awaited<ReturnType<TestPlatform['signUp']>>) {
  const session = tokens ?? (await platform.signUp(email))
  const client: PlatformClient = createPlatformClient({
    projectId: TEST_PROJECT_ID,
    authUrl: TEST_ORIGIN,
    coreUrl: TEST_ORIGIN,
    storage: memoryStorage(),
    fetch: (input, init) => platform.platform.fetch(new Request(input, init)),
  })
  client.auth.setTokens(session)
  const user = await client.auth.me()
  // The session's prompt operations and the library's writes, as one user.
  const data: PromptData & PromptLists & LibraryData = {
    ...createPromptData(client.db, () => user.id),
    ...createPromptLists(client.db, () => user.id),
    ...createLibraryData(client.db, () => user.id),
  }
  return { client, data, userId: user.id, session }
}

async function systemPrompts(owner: Awaited<ReturnType<typeof tab>>, count: number) {
  const rows: PromptRow[] = []
  for (let i = 0; i < count; i++) {
    rows.push(
      (await owner.data.createPrompt({
        title: `S${i}`,
        content: `system ${i}`,
        type: 'system',
        isPublic: true,
      })) as PromptRow,
    )
  }
  return rows
}

describe('prompt activation against the mock platform', () => {
  it('at most one system prompt is active, for any activate/deactivate sequence from one or two tabs', async () => {
    let n = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            tab: fc.integer({ min: 0, max: 1 }),
            activate: fc.boolean(),
            prompt: fc.integer({ min: 0, max: 2 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (commands) => {
          const first = await tab(`racer${n++}@example.com`)
          const second = await tab('', first.session)
          const prompts = await systemPrompts(first, 3)
          const tabs = [first, second]
          // Two tabs at once: commands run in concurrent pairs.
          for (let i = 0; i < commands.length; i += 2) {
            await Promise.allSettled(
              commands.slice(i, i + 2).map(({ tab: t, activate, prompt }) => {
                const id = prompts[prompt]?.id ?? ''
                return activate ? tabs[t]?.data.activate(id) : tabs[t]?.data.deactivate(id)
              }),
            )
            const active = await first.client.db
              .table<PromptRow>('prompts')
              .list({ where: { userId: first.userId, type: 'system', isActive: '1' } })
            expect(active.length).toBeLessThanOrEqual(1)
          }
        },
      ),
      { numRuns: 12 },
    )
  })

  it('activating switches the one active prompt and loadActive finds it', async () => {
    const me = await tab('switcher@example.com')
    const [a, b] = await systemPrompts(me, 2)
    await me.data.activate(a!.id)
    await me.data.activate(b!.id)
    expect(await me.data.loadActive()).toEqual({ id: b!.id, title: 'S1', content: 'system 1' })
    // The database itself refuses a second active system prompt (a racing tab's plain update).
    await expect(me.client.db.table('prompts').update(a!.id, { isActive: '1' })).rejects.toThrow()
    await me.data.deactivate(b!.id)
    expect(await me.data.loadActive()).toBeNull()
  })

  it("a stranger's prompt cannot be activated, edited or deleted: row-level security refuses", async () => {
    const owner = await tab('owner@example.com')
    const stranger = await tab('stranger@example.com')
    const [prompt] = await systemPrompts(owner, 1)
    await expect(stranger.data.activate(prompt!.id)).rejects.toThrow()
    await expect(
      stranger.data.updatePrompt({
        id: prompt!.id,
        title: 'pwned',
        content: 'x',
        type: 'system',
        isPublic: true,
      }),
    ).rejects.toThrow('Record with id not found')
    await stranger.client.db.table('prompts').delete(prompt!.id)
    const [still] = await owner.client.db
      .table<PromptRow>('prompts')
      .list({ where: { id: prompt!.id } })
    expect(still).toMatchObject({ title: 'S0', isActive: '0' })
    // Deleting someone else's prompt through the app hides it instead.
    expect(await stranger.data.deleteOrHide(prompt!)).toBe('hidden')
    const browse = await stranger.data.loadLibrary('public')
    expect(browse.map((p) => p.id)).not.toContain(prompt!.id)
  })

  it('Edit changes type and visibility and keeps the ratings; an active prompt made User is no longer active', async () => {
    const owner = await tab('edit-kind@example.com')
    const rater = await tab('edit-kind-rater@example.com')
    const [prompt] = await systemPrompts(owner, 1)
    await rater.data.ratePrompt(prompt!.id, 5)
    await owner.data.activate(prompt!.id)
    expect(await owner.data.loadActive()).toMatchObject({ id: prompt!.id })
    await owner.data.updatePrompt({
      id: prompt!.id,
      title: 'Now a user prompt',
      content: 'Say hi',
      type: 'user',
      isPublic: false,
    })
    const [card] = await owner.data.loadLibrary('mine')
    expect(card).toMatchObject({
      id: prompt!.id,
      type: 'user',
      isPublic: '0',
      isActive: '0',
      averageRating: 5,
      ratingCount: 1,
    })
    expect(await owner.data.loadActive()).toBeNull()
    // Private now: the rater no longer sees it.
    expect((await rater.data.loadLibrary('public')).map((p) => p.id)).not.toContain(prompt!.id)
  })

  it('a hidden prompt is listed among the hidden ones, and Unhide brings it back', async () => {
    const owner = await tab('unhide-owner@example.com')
    const me = await tab('unhide-me@example.com')
    const [prompt] = await systemPrompts(owner, 1)
    expect(await me.data.loadLibrary('hidden')).toEqual([])
    expect(await me.data.deleteOrHide(prompt!)).toBe('hidden')
    expect((await me.data.loadLibrary('public')).map((p) => p.id)).not.toContain(prompt!.id)
    const hidden = await me.data.loadLibrary('hidden')
    expect(hidden).toMatchObject([{ id: prompt!.id, isHidden: true }])
    // Someone else's hides are not mine.
    expect(await owner.data.loadLibrary('hidden')).toEqual([])
    await me.data.unhide(prompt!.id)
    expect((await me.data.loadLibrary('public')).map((p) => p.id)).toContain(prompt!.id)
    expect(await me.data.loadLibrary('hidden')).toEqual([])
  })

  it('ratings: one per user per prompt, updated in place, averaged on the client', async () => {
    const owner = await tab('rated@example.com')
    const [prompt] = await systemPrompts(owner, 1)
    const raters = [await tab('r1@example.com'), await tab('r2@example.com')]
    await raters[0]!.data.ratePrompt(prompt!.id, 2)
    await raters[0]!.data.ratePrompt(prompt!.id, 4)
    await raters[1]!.data.ratePrompt(prompt!.id, 5)
    const [card] = (await owner.data.loadLibrary('mine')).filter((p) => p.id === prompt!.id)
    expect(card).toMatchObject({ averageRating: 4.5, ratingCount: 2, isOwn: true })
    const rows = await owner.client.db
      .table<{ id: string }>('promptRatings')
      .list({ where: { promptId: prompt!.id } })
    const ids = rows.map((r) => r.id)
    expect(ids).toHaveLength(2)
    for (const rater of raters) {
      expect(
        ids.some((id) => new RegExp(`^rating_${rater.userId}_${prompt!.id}_\\d+$`).test(id)),
      ).toBe(true)
    }
  })

  it('quick menu refuses duplicates; a saved copy is private and inactive; shared prompts get prompt_{time}_{random hex}', async () => {
    const owner = await tab('quick-owner@example.com')
    const me = await tab('quick-me@example.com')
    const [prompt] = await systemPrompts(owner, 1)
    expect(await me.data.addQuick(prompt!.id)).toBe('added')
    expect(await me.data.addQuick(prompt!.id)).toBe('duplicate')
    const menu = await loadQuickMenu(me.client.db, me.userId, me.data.withRatings)
    expect(menu.map((e) => e.prompt.id)).toEqual([prompt!.id])
    // The library's cards know it is there.
    const listed = await me.data.loadLibrary('public')
    expect(listed.find((p) => p.id === prompt!.id)?.inQuickMenu).toBe(true)
    expect(
      (await owner.data.loadLibrary('public')).find((p) => p.id === prompt!.id)?.inQuickMenu,
    ).toBe(false)
    expect(await me.data.saveCopy(prompt!)).toBe('saved')
    const [copy, ...more] = await me.data.loadLibrary('mine')
    expect(copy).toMatchObject({ userId: me.userId, isPublic: '0', isActive: '0', title: 'S0' })
    expect(more).toEqual([])
    // The same prompt again is that copy already: nothing new is stored.
    expect(await me.data.saveCopy(prompt!)).toBe('alreadySaved')
    expect(await me.data.loadLibrary('mine')).toHaveLength(1)
    const shared = (await me.data.addShared({
      title: 'T',
      content: 'C',
      type: 'user',
    })) as PromptRow
    expect(shared.id).toMatch(/^prompt_\d+_[0-9a-f]{16}$/)
    expect(shared).toMatchObject({ isPublic: '0', isActive: '0' })
  })
})
