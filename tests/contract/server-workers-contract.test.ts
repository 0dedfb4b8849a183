import { readFile } from 'node:fs/promises'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { postgresAvailability } from '../support/postgres'
import {
  createTestDatabase,
  type ServerProcess,
  startServerProcess,
  until,
  waitForHealth,
} from '../support/server-processes'

// `WORKERS=N npm start` (without the build): one primary, N node:cluster workers on one port,
// a dead worker replaced, and PGlite refused (docs/wire-contract.md, "Several servers on one
// PostgreSQL").

const postgres = await postgresAvailability()

/** A GET on a connection of its own, so the primary may hand it to any worker. */
const getOnNewConnection = (url: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      .on('error', reject)
  })

/** The pids whose request lines (`[worker <pid>] GET /api/health 200`) are in the output. */
const servingPids = (output: string) =>
  new Set([...output.matchAll(/\[worker (\d+)\] GET \/api\/health 200/g)].map((m) => Number(m[1])))

async function parentOf(pid: number): Promise<number> {
  // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its ')'.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

test('WORKERS=2 without DATABASE_URL is refused at start, in one line saying why', async () => {
  const server = await startServerProcess({ WORKERS: '2' })
  try {
    expect(await server.exited).toBe(1)
    const lines = server.output().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\[server\] WORKERS=2 needs DATABASE_URL: PGlite is an embedded/)
  } finally {
    await server.stop()
  }
}, 60_000)

describe.skipIf(!postgres.available)(
  `WORKERS=2 on PostgreSQL${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`,
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    let server: ServerProcess
    let url: string

    beforeAll(async () => {
      database = await createTestDatabase('server_workers')
      server = await startServerProcess({ DATABASE_URL: database.url, WORKERS: '2' })
      url = await server.url
      await waitForHealth(url)
    }, 120_000)
    afterAll(async () => {
      await server?.stop()
      await database?.drop()
    }, 60_000)

    test('two worker processes of the primary serve the one port', async () => {
      expect(server.output()).toContain(`is running on ${url} with 2 workers`)
      await until('requests to reach two workers', async () => {
        expect(await getOnNewConnection(`${url}/api/health`)).toBe(200)
        return servingPids(server.output()).size >= 2
      })
      for (const pid of servingPids(server.output())) {
        expect(pid).not.toBe(server.child.pid)
        expect(await parentOf(pid)).toBe(server.child.pid)
      }
    }, 60_000)

    test('a worker that dies is replaced, and SIGTERM stops them all', async () => {
      const [victim] = [...servingPids(server.output())]
      if (victim === undefined) throw new Error('no worker has served yet')
      process.kill(victim, 'SIGKILL')
      await until('the primary to start another', () =>
        server.output().includes(`worker ${victim} was killed (SIGKILL): starting another`),
      )
      // The port keeps answering, and the new worker serves too.
      await until(
        'a new worker to serve',
        async () => {
          expect(await getOnNewConnection(`${url}/api/health`)).toBe(200)
          return (
            [...servingPids(server.output())].filter((pid) => pid !== victim && alive(pid))
              .length >= 2
          )
        },
        60_000,
      )
      const workers = [...servingPids(server.output())].filter(alive)

      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      await until('every worker to be gone', () => workers.every((pid) => !alive(pid)), 10_000)
    }, 120_000)
  },
)
