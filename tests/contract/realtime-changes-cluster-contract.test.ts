import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appSchema } from '../../db/index'
import { type LocalServer, startLocalServer } from '../../mocks/server/local-server'
import { changeSocket, sqlCaller, until } from '../support/change-sockets'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'
import { signUpThroughAuthPage } from '../support/sign-up'

// Several servers on one PostgreSQL: a change written through one reaches the subscribers of
// the other, still checked as each subscriber (docs/wire-contract.md, "Changes").

const postgres = await postgresAvailability()
const schema = `rtchanges_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
let dataDir: string
const servers: LocalServer[] = []

describe.skipIf(!postgres.available)(
  `the change feed across two servers${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`,
  () => {
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'realtime-changes-'))
      for (const _ of [1, 2]) {
        servers.push(
          await startLocalServer({
            port: 0,
            host: '127.0.0.1',
            dataDir,
            databaseUrl: TEST_DATABASE_URL,
            schema,
            projectId: 'prompt-chat',
            secret: 'realtime-changes-secret-of-at-least-32-chars',
            app: appSchema,
          }),
        )
      }
    })
    afterAll(async () => {
      for (const server of servers) await server.close()
      await rm(dataDir, { recursive: true, force: true })
      await dropSchema(schema)
    })

    test('a write on one server reaches a subscriber on the other, under RLS', async () => {
      const [one, two] = servers as [LocalServer, LocalServer]
      const tokenOf = async (email: string) =>
        (await signUpThroughAuthPage((req) => fetch(req), one.url, { email })).access_token
      const alice = await tokenOf('alice@example.com')
      const bob = await tokenOf('bob@example.com')
      const aliceThere = await changeSocket(two.url, alice)
      const bobThere = await changeSocket(two.url, bob)
      await aliceThere.subscribe('prompts')
      await bobThere.subscribe('prompts')
      const insert = `insert into prompts (user_id, title, content, type, is_public)
        values (auth_uid(), $1, 'words', 'user', $2) returning id`
      const db = sqlCaller(one.url, alice)
      const [secret] = await db.sql(insert, ['private', '0'])
      const [shared] = await db.sql(insert, ['public', '1'])
      await until('Alice to hear both', () => aliceThere.changes().length === 2)
      await until('Bob to hear the public one', () => bobThere.changes().length === 1)
      expect(bobThere.changes()[0]).toMatchObject({ op: 'INSERT', row: { id: shared!.id } })
      expect(JSON.stringify(bobThere.frames)).not.toContain(secret!.id as string)
      for (const s of [aliceThere, bobThere]) s.ws.close()
    })
  },
)
