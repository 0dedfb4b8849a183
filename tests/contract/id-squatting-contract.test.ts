import { expect, test } from 'vitest'
import { conversationId } from '../../src/domain/conversation'
import { apiKeyId, messageId } from '../../src/domain/message-ids'
import { createPromptData } from '../../src/effects/prompt-data'
import { createLibraryData } from '../../src/effects/prompt-library-data'
import { describeOnEveryBackend } from '../support/contract-backends'

// Attack (docs/security.md#ids-nobody-can-squat): one signed-in user claims every id shape of
// the coming seconds through `/sql`, then another user writes along every path the app has.
// No write of the victim may fail, and the squatter may learn nothing of the victim's ids.

/**
 * Milliseconds claimed per id shape; the victim's clock stands inside them. The app's ids are
 * made from the victim's clock alone, so a window around it claims every id the victim will
 * use; a wider one only adds rows (8 per ms) and, on a busy machine, ran past the caller
 * statement time limit.
 */
const WINDOW_MS = 600
const VICTIM_OFFSET_MS = 300

type Row = Record<string, unknown> & { id: string }

describeOnEveryBackend('ids nobody can squat', ({ signedIn }) => {
  test("one user squatting every id shape blocks none of another user's writes and learns none of their ids", async () => {
    const start = Date.now()
    const squatter = await signedIn(`squat-a-${start}@example.com`)
    const victim = await signedIn(`squat-b-${start}@example.com`)
    const victimNow = start + VICTIM_OFFSET_MS
    const victimId = victim.userId

    // A public prompt of the squatter's, which the victim will rate, hide and quick-add.
    const target = await squatter.client.db.table<Row>('prompts').create({
      userId: squatter.userId,
      title: 'Public',
      content: 'Public prompt',
      type: 'user',
      isPublic: '1',
    })

    // The squat: every shape over the window, those that embed the victim's user id and the
    // target's id too. Ratings and keys vary a column of their own per-user unique index.
    const claims = [
      `insert into conversations (id, user_id, title)
         select 'conv_' || g, auth_uid(), 'x' from generate_series($1::bigint, $2::bigint) g
         on conflict do nothing`,
      `insert into chat_messages (id, user_id, model_id, role, content)
         select 'msg_' || g || '_' || r, auth_uid(), 'm', r, 'x'
         from generate_series($1::bigint, $2::bigint) g, unnest(array['user', 'assistant']) r
         on conflict do nothing`,
      `insert into user_api_keys (id, user_id, provider, api_key_encrypted)
         select 'key_${victimId}_openai_' || g, auth_uid(), 'p' || g, 'eA=='
         from generate_series($1::bigint, $2::bigint) g on conflict do nothing`,
      `insert into prompt_ratings (id, user_id, prompt_id, rating)
         select 'rating_${victimId}_${target.id}_' || g, auth_uid(), 'p' || g, '1'
         from generate_series($1::bigint, $2::bigint) g on conflict do nothing`,
      `insert into user_prompt_deletions (id, user_id, prompt_id)
         select 'hide_${victimId}_${target.id}_' || g, auth_uid(), 'p' || g
         from generate_series($1::bigint, $2::bigint) g on conflict do nothing`,
      `insert into quick_prompts (id, user_id, prompt_id)
         select 'quick_${victimId}_${target.id}_' || g, auth_uid(), 'p' || g
         from generate_series($1::bigint, $2::bigint) g on conflict do nothing`,
      `insert into prompts (id, user_id, title, content, type)
         select 'prompt_' || g, auth_uid(), 'x', 'x', 'user'
         from generate_series($1::bigint, $2::bigint) g on conflict do nothing`,
    ]
    for (const query of claims) {
      await squatter.client.db.sql(query, [String(start), String(start + WINDOW_MS)])
    }
    const [claimed] = await squatter.client.db.sql<{ n: number }>(
      `select count(*)::int as n from conversations where id = $1`,
      [conversationId(victimNow)],
    )
    expect(claimed!.n).toBe(1)

    // The victim's every write path, with ids as the app makes them at `victimNow`.
    const db = victim.client.db
    const conversation = await db.table<Row>('conversations').create({
      id: conversationId(victimNow),
      userId: victimId,
      title: 'Mine',
      createdAt: new Date(victimNow).toISOString(),
      updatedAt: new Date(victimNow).toISOString(),
    })
    const messages = db.table<Row>('chatMessages')
    const sent = [
      await messages.create({
        id: messageId(victimNow, 'user'),
        userId: victimId,
        conversationId: conversation.id,
        modelId: 'gpt-5',
        role: 'user',
        content: 'Hello',
      }),
      await messages.create({
        id: messageId(victimNow + 1, 'assistant'),
        userId: victimId,
        conversationId: conversation.id,
        modelId: 'gpt-5',
        role: 'assistant',
        content: 'Hi',
      }),
    ]
    const key = await db.table<Row>('userApiKeys').create({
      id: apiKeyId(victimId, 'openai', victimNow),
      userId: victimId,
      provider: 'openai',
      apiKeyEncrypted: 'c2stdmljdGlt',
    })
    // The session's prompt operations and the library's writes, as the victim.
    const prompts = {
      ...createPromptData(
        db,
        () => victimId,
        () => victimNow,
      ),
      ...createLibraryData(
        db,
        () => victimId,
        () => victimNow,
      ),
    }
    const rating = await prompts.ratePrompt(target.id, 5)
    expect(await prompts.deleteOrHide(target as never)).toBe('hidden')
    expect(await prompts.addQuick(target.id)).toBe('added')
    const shared = await prompts.addShared({
      title: 'Shared',
      content: 'From a link',
      type: 'user',
    })
    expect(shared).toMatchObject({ userId: victimId, title: 'Shared' })

    // Every row is the victim's and stored.
    expect(await messages.list({ where: { conversationId: conversation.id } })).toHaveLength(2)
    const [hide] = await db.table<Row>('userPromptDeletions').list({ where: { userId: victimId } })
    const [quick] = await db.table<Row>('quickPrompts').list({ where: { userId: victimId } })
    expect(hide).toBeDefined()
    expect(quick).toBeDefined()

    // The squatter writes the victim's exact ids into their own rows: no conflict, no oracle.
    const victimIds = {
      conversations: [conversation.id],
      chat_messages: sent.map((m) => m.id),
      user_api_keys: [key.id],
      prompt_ratings: [rating.id],
      user_prompt_deletions: [hide!.id],
      quick_prompts: [quick!.id],
    }
    // (The squat's own rows hold those ids already: the squatter clears them first.)
    for (const table of Object.keys(victimIds)) {
      await squatter.client.db.sql(`delete from ${table} where user_id = auth_uid()`)
    }
    await squatter.client.db.sql(
      `insert into conversations (id, user_id, title) values ($1, auth_uid(), 'copy')`,
      [conversation.id],
    )
    for (const id of victimIds.chat_messages) {
      await squatter.client.db.sql(
        `insert into chat_messages (id, user_id, model_id, role, content)
         values ($1, auth_uid(), 'm', 'user', 'copy')`,
        [id],
      )
    }
    await squatter.client.db.sql(
      `insert into user_api_keys (id, user_id, provider, api_key_encrypted)
       values ($1, auth_uid(), 'copy', 'eA==')`,
      [key.id],
    )
    for (const [table, [id]] of [
      ['prompt_ratings', victimIds.prompt_ratings],
      ['user_prompt_deletions', victimIds.user_prompt_deletions],
      ['quick_prompts', victimIds.quick_prompts],
    ] as const) {
      const extra = table === 'prompt_ratings' ? ', rating' : ''
      const value = table === 'prompt_ratings' ? ", '1'" : ''
      await squatter.client.db.sql(
        `insert into ${table} (id, user_id, prompt_id${extra}) values ($1, auth_uid(), 'copy'${value})`,
        [id],
      )
    }

    // And reads none of the victim's rows, under any of those ids (ratings excepted: every
    // user reads them by design, for the averages, docs/product/data.md).
    const { prompt_ratings: _readByAll, ...ownerOnly } = victimIds
    for (const [table, ids] of Object.entries(ownerOnly)) {
      const rows = await squatter.client.db.sql<{ owner: string }>(
        `select user_id as owner from ${table}
         where id in (select jsonb_array_elements_text($1::jsonb))`,
        [JSON.stringify(ids)],
      )
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.filter((row) => row.owner !== squatter.userId)).toEqual([])
    }
    // An upsert by id (the SDK's default conflict target) merges into the owner's own row.
    await db
      .table<Row>('conversations')
      .upsert({ id: conversation.id, userId: victimId, title: 'Mine' })
    // The victim still sees their own rows only, unchanged.
    const [mine] = await db.table<Row>('conversations').list({ where: { id: conversation.id } })
    expect(mine).toMatchObject({ userId: victimId, title: 'Mine' })
  }, 60_000)
})
