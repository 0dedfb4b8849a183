import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'
import {
  openStoragePlatform,
  type StoragePlatform,
  type StorageUser,
} from '../support/storage-platform'

// Storage paths are free-form; what keeps users apart is ownership (docs/security.md,
// "Storage"). Over random sequences of uploads, upserts and removals by two users, the
// platform agrees with a model in which only an object's owner replaces or removes it, and
// whatever path a caller sends, no answer is a 5xx. On PGlite (bytes on disk) and PostgreSQL
// (bytes in the database).

const SEED = 20_260_514
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const postgres = await postgresAvailability()
const backends = [
  { label: 'PGlite', enabled: true, databaseUrl: undefined, runs: 40 },
  { label: 'PostgreSQL', enabled: postgres.available, databaseUrl: TEST_DATABASE_URL, runs: 25 },
]

type Who = 'alice' | 'bob'
type Action =
  | { op: 'upload'; who: Who; slot: number; upsert: boolean }
  | { op: 'remove'; who: Who; slots: number[] }

/** Paths of one run: free-form ones, and each user's home folder (`user_<id>/`). */
const SLOTS = 6
function pathsOf(run: number, users: Record<Who, StorageUser>): string[] {
  return [
    `run-${run}/shared/a.png`,
    `run-${run}/shared/b.png`,
    `run-${run}-top.png`,
    `run-${run}/deep/er/c.png`,
    `${users.alice.id}/run-${run}/x.png`,
    `${users.bob.id}/run-${run}/x.png`,
  ]
}

const who = fc.constantFrom<Who>('alice', 'bob')
const slot = fc.integer({ min: 0, max: SLOTS - 1 })
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('upload' as const), who, slot, upsert: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('remove' as const),
      who,
      slots: fc.array(slot, { minLength: 1, maxLength: 3 }),
    }),
  },
)

/** One UTF-16 unit, with the ones paths must refuse weighted up. */
const pathUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('/', '.', '..', '\\', ' ', '%', '%2F', '#', '?', '~') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\u0000',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u202e',
      '\ud800',
      '\udc00',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom('é', '€', '😀', '中', 'user_', 'a'.repeat(300)) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 4, arbitrary: fc.constantFrom(...'abcxyz0129-_:@') },
)
const junkPath = fc.oneof(
  fc.string({ unit: pathUnit, maxLength: 24 }),
  // Long ones, around the 1024-byte limit, in 1-, 2-, 3- and 4-byte characters.
  fc
    .tuple(fc.constantFrom('a', 'é', '€', '😀'), fc.integer({ min: 250, max: 1100 }))
    .map(([char, count]) => char.repeat(count)),
)

for (const backend of backends) {
  describe.skipIf(!backend.enabled)(`storage ownership on ${backend.label}`, () => {
    const schema = `storage_prop_${process.pid}_${Date.now()}`
    let platform: StoragePlatform
    let users: Record<Who, StorageUser>

    beforeAll(async () => {
      platform = await openStoragePlatform({
        databaseUrl: backend.databaseUrl,
        schema: backend.databaseUrl ? schema : undefined,
      })
      users = {
        alice: await platform.user('alice-prop@example.com'),
        bob: await platform.user('bob-prop@example.com'),
      }
    })
    afterAll(async () => {
      await platform?.close()
      if (backend.databaseUrl) await dropSchema(schema)
    })

    const noServerError = (res: Response, label: string) => {
      if (res.status >= 500) throw new Error(`${label}: ${res.status}`)
      return res
    }

    test('only an object’s owner replaces or removes it; a taken path is a 403 for anyone else', async () => {
      let run = 0
      let version = 0
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), async (actions) => {
          run += 1
          const paths = pathsOf(run, users)
          const { calls } = platform
          /** What each path holds in the model: its owner and the bytes last written. */
          const model = new Map<string, { owner: Who; bytes: Uint8Array }>()
          const served = async (key: string) => {
            const res = noServerError(await calls.get(calls.fileUrl(key)), 'read')
            return res.status === 200 ? new Uint8Array(await res.arrayBuffer()) : res.status
          }

          for (const step of actions) {
            const caller = users[step.who]
            if (step.op === 'upload') {
              const key = paths[step.slot]!
              version += 1
              const bytes = Uint8Array.from([...PNG, version >>> 8, version & 0xff])
              const res = noServerError(
                await calls.upload(caller, { file: bytes, path: key, upsert: step.upsert }),
                'upload',
              )
              const held = model.get(key)
              const home = key.startsWith('user_') ? key.slice(0, key.indexOf('/')) : null
              const expected =
                (home !== null && home !== caller.id) || (held && held.owner !== step.who)
                  ? 403
                  : held && !step.upsert
                    ? 409
                    : 200
              expect(res.status, `${step.who} uploads ${key}`).toBe(expected)
              if (expected === 200) model.set(key, { owner: step.who, bytes })
              const now = model.get(key)
              expect(await served(key)).toEqual(now ? now.bytes : 404)
            } else {
              const keys = step.slots.map((index) => paths[index]!)
              const res = noServerError(await calls.remove(caller, keys), 'remove')
              const foreign = keys.some((key) => {
                const held = model.get(key)
                return held !== undefined && held.owner !== step.who
              })
              expect(res.status, `${step.who} removes ${keys.join(', ')}`).toBe(foreign ? 403 : 200)
              if (!foreign) {
                const { removed } = (await res.json()) as { removed: string[] }
                const expectedGone = [...new Set(keys.filter((key) => model.has(key)))]
                expect([...removed].sort()).toEqual(expectedGone.sort())
                for (const key of expectedGone) model.delete(key)
              }
            }
          }
          // Every path serves exactly what its owner last wrote, or nothing.
          for (const key of paths) {
            const held = model.get(key)
            expect(await served(key), key).toEqual(held ? held.bytes : 404)
          }
          // And the database agrees on who owns what.
          const { rows } = await platform.store.asOwner((tx) =>
            tx.query<{ path: string; owner_id: string }>(
              'select path, owner_id from storage_objects where path = any($1::text[])',
              [paths],
            ),
          )
          const owners = Object.fromEntries(rows.map((row) => [row.path, row.owner_id]))
          const expectedOwners = Object.fromEntries(
            [...model].map(([key, held]) => [key, users[held.owner].id]),
          )
          expect(owners).toEqual(expectedOwners)
        }),
        { seed: SEED, numRuns: backend.runs, endOnFailure: true },
      )
    })

    test('whatever path is sent to upload, download, remove or a file URL, no answer is a 5xx', async () => {
      const { calls, send } = platform
      await fc.assert(
        fc.asyncProperty(junkPath, who, fc.boolean(), async (path, name, upsert) => {
          const caller = users[name]
          const file = Uint8Array.from([...PNG, 1])
          const uploaded = noServerError(
            await calls.upload(caller, { file, path, upsert }),
            'upload',
          )
          expect([200, 400, 403, 409]).toContain(uploaded.status)
          const query = new URLSearchParams({ path })
          noServerError(await send(new Request(`${calls.base}/download?${query}`)), 'download')
          noServerError(await calls.remove(caller, [path]), 'remove')
          let fileRequest: Request | null = null
          try {
            fileRequest = new Request(`${calls.base}/files/${path}`)
          } catch {
            // Not a URL at all: nothing reaches the platform.
          }
          if (fileRequest) noServerError(await send(fileRequest), 'file URL')
        }),
        { seed: SEED, numRuns: backend.runs * 5 },
      )
    })
  })
}
