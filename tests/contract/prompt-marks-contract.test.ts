import { expect, test } from 'vitest'
import type { PromptRow } from '../../src/domain/prompt-types'
import { describeOnEveryBackend } from '../support/contract-backends'

// Favourites and tags (docs/product/screens.md#favourites-and-tags) over real HTTP on both
// databases: each user's marks are their own, name only prompts they can read, follow a
// deleted prompt away, and filter the library's lists.

interface MarkRow {
  userId: string
  promptId: string
  favourite: boolean
  tags: string[]
}

const BY_PROMPT = { onConflict: 'userId,promptId' }

describeOnEveryBackend('prompt favourites and tags', ({ signedIn }) => {
  let runs = 0
  async function aliceAndBob() {
    const tag = `${Date.now()}_${++runs}`
    const alice = await signedIn(`marks-a-${tag}@example.com`)
    const bob = await signedIn(`marks-b-${tag}@example.com`)
    const tables = (user: typeof alice) => ({
      prompts: user.client.db.table<PromptRow>('prompts'),
      marks: user.client.db.table<MarkRow>('promptMarks'),
      marked: (list: 'mine' | 'public', favourite: boolean, tagged: string | null) =>
        user.client.db
          .sql<PromptRow>('select * from marked_prompts($1, $2, $3)', [list, favourite, tagged])
          .then((rows) => rows.map((row) => row.title)),
    })
    const a = tables(alice)
    const b = tables(bob)
    const prompt = (user: typeof a, userId: string, title: string, isPublic: '0' | '1') =>
      user.prompts.create({
        userId,
        title,
        content: `${title} content`,
        type: 'user',
        isPublic,
        createdAt: new Date(Date.parse('2026-05-01T10:00:00.000Z') + ++runs * 1000).toISOString(),
      })
    return { alice, bob, a, b, prompt }
  }

  test('a user stars and tags their own and public prompts; the marks are theirs alone', async () => {
    const { alice, bob, a, b, prompt } = await aliceAndBob()
    const mine = await prompt(a, alice.userId, 'Mine', '0')
    const shared = await prompt(b, bob.userId, 'Shared', '1')
    await a.marks.upsert({ userId: alice.userId, promptId: mine.id, favourite: true }, BY_PROMPT)
    await a.marks.upsert(
      { userId: alice.userId, promptId: shared.id, tags: ['Work', 'ideas'] },
      BY_PROMPT,
    )
    // A second write merges into the same row: the star stays when the tags change.
    await a.marks.upsert({ userId: alice.userId, promptId: mine.id, tags: ['draft'] }, BY_PROMPT)
    const marks = await a.marks.list({ orderBy: { promptId: 'asc' } })
    expect(
      marks
        .map(({ promptId, favourite, tags }) => ({ promptId, favourite, tags }))
        .sort((x, y) => x.promptId.localeCompare(y.promptId)),
    ).toEqual(
      [
        { promptId: mine.id, favourite: true, tags: ['draft'] },
        { promptId: shared.id, favourite: false, tags: ['Work', 'ideas'] },
      ].sort((x, y) => x.promptId.localeCompare(y.promptId)),
    )
    // Bob sees none of Alice's marks on his own prompt, and cannot change them.
    expect(await b.marks.list()).toEqual([])
    expect(await bob.client.db.sql('select * from prompt_marks')).toEqual([])
    const planted = await b.marks
      .upsert({ userId: alice.userId, promptId: shared.id, tags: ['spam'] }, BY_PROMPT)
      .catch((e) => e)
    expect(planted.status).toBe(403)
    expect((await a.marks.list({ where: { promptId: shared.id } }))[0]?.tags).toEqual([
      'Work',
      'ideas',
    ])
  })

  test('a prompt the writer cannot read is refused just as one that does not exist', async () => {
    const { alice, bob, a, b, prompt } = await aliceAndBob()
    const secret = await prompt(a, alice.userId, 'Secret', '0')
    const refused = (promptId: string) =>
      b.marks.upsert({ userId: bob.userId, promptId, favourite: true }, BY_PROMPT).then(
        () => ({ status: 0, message: 'written' }),
        (e) => ({ status: e.status, message: e.message }),
      )
    const onSecret = await refused(secret.id)
    const onNothing = await refused('0123456789abcdef0123456789abcdef')
    expect(onSecret.status).toBe(403)
    expect(onSecret).toEqual(onNothing)
  })

  test('tags are 1 to 30 characters, trimmed, at most 10, no two alike whatever their case', async () => {
    const { alice, a, prompt } = await aliceAndBob()
    const mine = await prompt(a, alice.userId, 'Mine', '0')
    const tagged = (tags: string[]) =>
      a.marks.upsert({ userId: alice.userId, promptId: mine.id, tags }, BY_PROMPT)
    for (const tags of [
      [''],
      [' padded'],
      ['x'.repeat(31)],
      ['Work', 'work'],
      Array.from({ length: 11 }, (_, i) => `t${i}`),
    ]) {
      const error = await tagged(tags).catch((e) => e)
      expect(error.status, tags.join(',')).toBe(400)
    }
    const ten = Array.from({ length: 10 }, (_, i) => `${'x'.repeat(29)}${i}`)
    expect((await tagged(ten)).tags).toEqual(ten)
  })

  test('the filtered lists: starred, tagged (whatever its case), per list, less hidden prompts', async () => {
    const { alice, bob, a, b, prompt } = await aliceAndBob()
    const own = await prompt(a, alice.userId, 'Own starred', '0')
    const ownTagged = await prompt(a, alice.userId, 'Own tagged', '0')
    const pub = await prompt(b, bob.userId, 'Public starred', '1')
    const hidden = await prompt(b, bob.userId, 'Public hidden', '1')
    const turnedPrivate = await prompt(b, bob.userId, 'Made private', '1')
    const mark = (promptId: string, favourite: boolean, tags: string[]) =>
      a.marks.upsert({ userId: alice.userId, promptId, favourite, tags }, BY_PROMPT)
    await mark(own.id, true, [])
    await mark(ownTagged.id, false, ['Work'])
    await mark(pub.id, true, ['work'])
    await mark(hidden.id, true, [])
    await mark(turnedPrivate.id, true, [])
    await alice.client.db
      .table('userPromptDeletions')
      .create({ userId: alice.userId, promptId: hidden.id })
    await b.prompts.update(turnedPrivate.id, { isPublic: '0' })

    expect(await a.marked('mine', true, null)).toEqual(['Own starred'])
    expect(await a.marked('mine', false, 'WORK')).toEqual(['Own tagged'])
    expect(await a.marked('public', true, null)).toEqual(['Public starred'])
    expect(await a.marked('public', false, 'Work')).toEqual(['Public starred'])
    expect(await a.marked('public', true, 'nothing')).toEqual([])
    // Bob asking for Alice's filters finds nothing of hers.
    expect(await b.marked('public', true, null)).toEqual([])
  })

  test('a deleted prompt takes every user’s marks on it away', async () => {
    const { alice, bob, a, b, prompt } = await aliceAndBob()
    const pub = await prompt(b, bob.userId, 'Going', '1')
    await a.marks.upsert({ userId: alice.userId, promptId: pub.id, favourite: true }, BY_PROMPT)
    await b.marks.upsert({ userId: bob.userId, promptId: pub.id, tags: ['mine'] }, BY_PROMPT)
    await b.prompts.delete(pub.id)
    expect(await a.marks.list()).toEqual([])
    expect(await b.marks.list()).toEqual([])
  })
})
