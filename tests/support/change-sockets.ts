import { WebSocket } from 'ws'

/** A frame as the server sent it. */
export type Frame = { type: string; payload: Record<string, unknown> }

/** A raw realtime socket to `url` (with a token, or none: anon), recording every frame. */
export async function changeSocket(url: string, token?: string) {
  const address = `${url.replace(/^http/, 'ws')}/?project_id=prompt-chat${token ? `&token=${token}` : ''}`
  const ws = new WebSocket(address)
  const frames: Frame[] = []
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame))
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const send = (type: string, payload: Record<string, unknown>) =>
    ws.send(JSON.stringify({ type, payload }))
  const ofType = (type: string) => frames.filter((f) => f.type === type)
  return {
    ws,
    frames,
    ofType,
    changes: () => ofType('change').map((f) => f.payload),
    /** Subscribes and resolves with the `changes.subscribed` (or `error`) frame. */
    async subscribe(table: string, filter?: string, since?: number) {
      const seen = frames.length
      send('changes.subscribe', { table, filter, since })
      await until('the subscription', () =>
        frames.slice(seen).some((f) => f.type === 'changes.subscribed' || f.type === 'error'),
      )
      return frames.slice(seen).find((f) => f.type === 'changes.subscribed' || f.type === 'error')!
    },
  }
}

export async function until(what: string, condition: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** `/sql` and `/batch` as a signed-in caller. */
export function sqlCaller(url: string, token: string) {
  const post = async (path: string, body: unknown, method = 'POST') => {
    const response = await fetch(`${url}/api/db/prompt-chat/${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        Prefer: 'return=representation',
      },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response.json() as Promise<Record<string, unknown>>
  }
  return {
    sql: async (query: string, params: unknown[] = []) =>
      ((await post('sql', { query, params })) as { rows: Record<string, unknown>[] }).rows,
    batch: (statements: Array<{ query: string; params: unknown[] }>) =>
      post('batch', { statements }),
    rest: (table: string, body: unknown) => post(`rest/v1/${table}`, body),
  }
}
