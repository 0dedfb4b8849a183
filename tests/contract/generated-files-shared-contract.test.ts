import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from '../support/postgres'
import {
  openStoragePlatform,
  type StoragePlatform,
  type StorageUser,
} from '../support/storage-platform'
import { TEST_ORIGIN, TEST_PROJECT_ID } from '../support/test-platform'

// What the platform generates (AI images and audio, screenshots) and the fetch jobs it runs:
// on PostgreSQL in the database, so a second server with a files folder of its own serves
// them; on PGlite on disk, as before (docs/wire-contract.md, "Several servers on one
// PostgreSQL").

const postgres = await postgresAvailability()
/** A public address: offline answers, no DNS lookup. */
const TARGET = 'https://1.1.1.1/generated'

type Platform = StoragePlatform

const call = (server: Platform, who: StorageUser, route: string, body: unknown) =>
  server.send(
    new Request(`${TEST_ORIGIN}/api/${route}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )
const get = (server: Platform, url: string, who?: StorageUser) =>
  server.send(new Request(url, { headers: who ? { Authorization: `Bearer ${who.token}` } : {} }))
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer())

/** Generates an image, a speech and a screenshot on `server`; their public URLs. */
async function generate(server: Platform, who: StorageUser) {
  const image = await call(server, who, `ai/${TEST_PROJECT_ID}/image`, { prompt: 'a kite', n: 1 })
  const speech = await call(server, who, `ai/${TEST_PROJECT_ID}/speech`, {
    text: 'shared words',
    response_format: 'wav',
  })
  const shot = await call(server, who, `data/${TEST_PROJECT_ID}/screenshot`, { url: TARGET })
  for (const res of [image, speech, shot]) expect(res.status).toBe(200)
  return {
    image: ((await image.json()) as { data: Array<{ url: string }> }).data[0]?.url ?? '',
    speech: ((await speech.json()) as { url: string }).url,
    shot: ((await shot.json()) as { url: string }).url,
  }
}

async function queueJob(server: Platform, who: StorageUser): Promise<string> {
  const res = await call(server, who, `data/${TEST_PROJECT_ID}/fetch`, {
    url: TARGET,
    async: true,
  })
  expect(res.status).toBe(202)
  return ((await res.json()) as { jobId: string }).jobId
}

const jobAt = (server: Platform, who: StorageUser, jobId: string) =>
  get(server, `${TEST_ORIGIN}/api/data/${TEST_PROJECT_ID}/fetch/${jobId}`, who)

describe.skipIf(!postgres.available)(
  `generated files and fetch jobs shared by two servers on PostgreSQL${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`,
  () => {
    const schema = `generated_shared_${process.pid}_${Date.now()}`
    let one: Platform
    let two: Platform
    let alice: StorageUser
    let bob: StorageUser

    beforeAll(async () => {
      one = await openStoragePlatform({ databaseUrl: TEST_DATABASE_URL, schema })
      two = await openStoragePlatform({ databaseUrl: TEST_DATABASE_URL, schema })
      alice = await one.user('alice-generated@example.com')
      bob = await two.user('bob-generated@example.com')
    })
    afterAll(async () => {
      await one?.close()
      await two?.close()
      await dropSchema(schema)
    })

    test('images, audio and screenshots generated on one are served by the other', async () => {
      const urls = await generate(one, alice)
      for (const [what, url] of Object.entries(urls)) {
        const here = await get(one, url)
        const there = await get(two, url)
        expect(there.status, what).toBe(200)
        expect(there.headers.get('content-type'), what).toBe(here.headers.get('content-type'))
        expect(await bytesOf(there), what).toEqual(await bytesOf(here))
      }
      // The other server knows the audio for what it is: transcribing it gives the text back.
      const heard = await call(two, alice, `ai/${TEST_PROJECT_ID}/transcribe`, {
        audio: urls.speech,
      })
      expect(((await heard.json()) as { text: string }).text).toBe('shared words')
    })

    test('the bytes are in the database and on neither server’s disk', async () => {
      const { rows } = await one.store.asOwner((tx) =>
        tx.query<{ n: string }>(
          `select (select count(*) from ai_generated_files)::text || ','
             || (select count(*) from data_screenshots)::text as n`,
        ),
      )
      expect(rows[0]?.n).toBe('2,1')
      for (const server of [one, two]) {
        expect(await readdir(server.filesDir)).toEqual([])
      }
    })

    test('an image an earlier version kept on one server’s disk is served, then copied for the other', async () => {
      const name = `${'ab'.repeat(16)}.png`
      const url = `${TEST_ORIGIN}/api/ai/${TEST_PROJECT_ID}/files/${name}`
      const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
      await mkdir(path.join(one.filesDir, 'ai'), { recursive: true })
      await writeFile(path.join(one.filesDir, 'ai', name), png)
      expect((await get(two, url)).status).toBe(404)
      expect(await bytesOf(await get(one, url))).toEqual(png)
      expect(await bytesOf(await get(two, url))).toEqual(png)
    })

    test('a fetch job queued on one is read on the other, by its owner only', async () => {
      const jobId = await queueJob(one, alice)
      let body: Record<string, unknown> = {}
      for (let i = 0; i < 100; i++) {
        body = (await (await jobAt(two, alice, jobId)).json()) as Record<string, unknown>
        if (body.status !== 'queued') break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(body).toMatchObject({ jobId, status: 'completed', result: { status: 200 } })
      expect(body).not.toHaveProperty('ownerId')
      expect((await jobAt(two, bob, jobId)).status).toBe(404)
      expect((await jobAt(one, bob, jobId)).status).toBe(404)
    })

    test('a job its server never finished reads as failed once it is surely lost', async () => {
      const jobId = 'job_0123456789abcdef01234567'
      const createdAt = new Date(Date.now() - 120_000).toISOString()
      await one.store.asOwner((tx) =>
        tx.query(
          `insert into data_fetch_jobs (job_id, owner_id, job, updated_at) values ($1, $2, $3, now())`,
          [
            jobId,
            alice.id,
            JSON.stringify({ jobId, ownerId: alice.id, status: 'queued', createdAt }),
          ],
        ),
      )
      expect(await (await jobAt(two, alice, jobId)).json()).toEqual({
        jobId,
        status: 'failed',
        createdAt,
        error: 'The server running this job stopped before it finished',
      })
    })
  },
)

describe('generated files and fetch jobs on PGlite stay on disk', () => {
  let server: Platform
  let alice: StorageUser

  beforeAll(async () => {
    server = await openStoragePlatform({})
    alice = await server.user('alice-pglite@example.com')
  })
  afterAll(() => server?.close())

  test('served from the files folder, with the tables left empty', async () => {
    const urls = await generate(server, alice)
    for (const url of Object.values(urls)) expect((await get(server, url)).status).toBe(200)
    const jobId = await queueJob(server, alice)
    expect(await (await jobAt(server, alice, jobId)).json()).toMatchObject({ status: 'completed' })

    expect((await readdir(path.join(server.filesDir, 'ai'))).sort()).toEqual(
      [urls.image, urls.speech].map((url) => url.split('/').pop()).sort(),
    )
    const data = await readdir(path.join(server.filesDir, 'data'))
    expect(data).toContain(urls.shot.split('/').pop())
    expect(await readdir(path.join(server.filesDir, 'data', 'fetch-jobs'))).toEqual([
      `${jobId}.json`,
    ])
    const { rows } = await server.store.asOwner((tx) =>
      tx.query<{ n: number }>(
        `select (select count(*) from ai_generated_files) + (select count(*) from data_screenshots)
           + (select count(*) from data_fetch_jobs) as n`,
      ),
    )
    expect(Number(rows[0]?.n)).toBe(0)
  })

  test('a job left queued by a server that stopped reads as failed', async () => {
    const jobId = await queueJob(server, alice)
    // Finished first (a read waits for it), then made to look as a stopped server left it.
    await jobAt(server, alice, jobId)
    const file = path.join(server.filesDir, 'data', 'fetch-jobs', `${jobId}.json`)
    const job = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>
    await writeFile(
      file,
      JSON.stringify({
        ...job,
        status: 'queued',
        createdAt: new Date(Date.now() - 120_000).toISOString(),
        result: undefined,
        completedAt: undefined,
      }),
    )
    expect(await (await jobAt(server, alice, jobId)).json()).toMatchObject({
      status: 'failed',
      error: 'The server running this job stopped before it finished',
    })
  })
})
