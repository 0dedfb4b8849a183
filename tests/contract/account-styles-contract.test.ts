import { expect, test } from 'vitest'
import { changeSocket, until } from '../support/change-sockets'
import { describeOnEveryBackend } from '../support/contract-backends'

// The style kept with the account (docs/product/live-sync.md#the-style): one row per user,
// theirs alone, followed across their devices by the change feed and by nobody else.

interface StyleRow {
  id: string
  userId: string
  config: Record<string, unknown>
}

describeOnEveryBackend('the style kept with the account', (backend) => {
  test('kept once per user, the last saved winning; nobody else reads or writes it', async () => {
    const ada = await backend.signedIn(`style-ada-${Math.random()}@example.com`)
    const bob = await backend.signedIn(`style-bob-${Math.random()}@example.com`)
    const styles = ada.client.db.table<StyleRow>('user_styles')
    const keep = (config: Record<string, unknown>) =>
      styles.upsert({ userId: ada.userId, config }, { onConflict: 'userId' })
    await keep({ primaryColor: '#2563EB' })
    await keep({ primaryColor: '#0B8177', theme: 'light' })
    const rows = await styles.list({ where: { userId: ada.userId } })
    expect(rows.map((row) => row.config)).toEqual([{ primaryColor: '#0B8177', theme: 'light' }])

    const bobs = bob.client.db.table<StyleRow>('user_styles')
    expect(await bobs.list({ where: { userId: ada.userId } })).toEqual([])
    await expect(
      bobs.upsert({ userId: ada.userId, config: { theme: 'dark' } }, { onConflict: 'userId' }),
    ).rejects.toThrow()
    expect((await styles.list({ where: { userId: ada.userId } }))[0]?.config).toEqual({
      primaryColor: '#0B8177',
      theme: 'light',
    })
  })

  test('a style that is not an object, or is over 4 KB, is refused as the caller’s mistake', async () => {
    const ada = await backend.signedIn(`style-big-${Math.random()}@example.com`)
    const styles = ada.client.db.table<StyleRow>('user_styles')
    for (const config of [['dark'], { fontFamily: 'x'.repeat(5000) }]) {
      const refused = await styles
        .upsert({ userId: ada.userId, config } as never, { onConflict: 'userId' })
        .then(
          () => null,
          (error: { status?: number }) => error,
        )
      expect(refused?.status).toBe(400)
    }
    expect(await styles.list({ where: { userId: ada.userId } })).toEqual([])
  })

  test("a style saved reaches the user's other device through the change feed, and nobody else", async () => {
    const ada = await backend.signedIn(`style-feed-${Math.random()}@example.com`)
    const bob = await backend.signedIn(`style-nosy-${Math.random()}@example.com`)
    const phone = await changeSocket(backend.server().url, ada.tokens.access_token)
    const nosy = await changeSocket(backend.server().url, bob.tokens.access_token)
    try {
      expect((await phone.subscribe('user_styles')).type).toBe('changes.subscribed')
      expect((await nosy.subscribe('user_styles')).type).toBe('changes.subscribed')
      await ada.client.db
        .table<StyleRow>('user_styles')
        .upsert({ userId: ada.userId, config: { theme: 'light' } }, { onConflict: 'userId' })
      await until('the change', () => phone.changes().length === 1)
      expect(phone.changes()[0]).toMatchObject({
        table: 'user_styles',
        op: 'INSERT',
        row: { user_id: ada.userId, config: { theme: 'light' } },
      })
      // Given time to arrive, had it been sent.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(nosy.changes()).toEqual([])
    } finally {
      phone.ws.close()
      nosy.ws.close()
    }
  })
})
