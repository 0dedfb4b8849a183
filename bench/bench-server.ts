import cluster from 'node:cluster'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { appSchema } from '../db/index'
import { startLocalServer } from '../mocks/server/local-server'

// A local server in its own process, so the load generator does not share its event loop.
// On PostgreSQL, BENCH_WORKERS=N serves through N node:cluster workers on one port (one
// schema, one secret), as several servers share one database. Messages from the bench:
// 'cpu' answers the CPU time (µs) all serving processes used so far; 'stats' their memory and
// open sockets, summed (bench-process.ts); 'stop' ends them.
const databaseUrl = process.env.DATABASE_URL || undefined
const workers = databaseUrl ? Math.max(1, Number(process.env.BENCH_WORKERS ?? 1)) : 1

type Ready = { url: string; dataDir: string }
type CpuAnswer = { cpu: number }
type Stats = { rss: number; heapUsed: number; sockets: number }
type StatsAnswer = { stats: Stats }

const cpuMicros = () => {
  const { user, system } = process.cpuUsage()
  return user + system
}

// Open TCP sockets, listening ones included: clients' keep-alive connections, WebSockets, and
// the database pool's connections on PostgreSQL.
const ownStats = (): Stats => ({
  rss: process.memoryUsage.rss(),
  heapUsed: process.memoryUsage().heapUsed,
  sockets: process.getActiveResourcesInfo().filter((kind) => kind === 'TCPSocketWrap').length,
})
const sum = (all: Stats[]): Stats => ({
  rss: all.reduce((total, s) => total + s.rss, 0),
  heapUsed: all.reduce((total, s) => total + s.heapUsed, 0),
  sockets: all.reduce((total, s) => total + s.sockets, 0),
})

async function serve(dataDir: string, schema: string) {
  return startLocalServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    schema: databaseUrl ? schema : undefined,
    projectId: 'prompt-chat',
    secret: 'bench-secret-that-is-at-least-32-characters',
    app: appSchema,
  })
}

if (workers === 1) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-'))
  const server = await serve(dataDir, `bench_${process.pid}`)
  process.send?.({ url: server.url, dataDir } satisfies Ready)
  process.on('message', async (message) => {
    if (message === 'cpu') process.send?.({ cpu: cpuMicros() } satisfies CpuAnswer)
    if (message === 'stats') process.send?.({ stats: ownStats() } satisfies StatsAnswer)
    if (message === 'stop') {
      await server.close()
      process.exit(0)
    }
  })
} else if (cluster.isPrimary) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-'))
  const env = { BENCH_DATA_DIR: dataDir, BENCH_SCHEMA: `bench_${process.pid}` }
  const forked: Array<ReturnType<typeof cluster.fork>> = []
  let url = ''
  // One at a time: the first migrates, the rest find the schema ready.
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork(env)
    url = await new Promise<string>((resolve) =>
      worker.once('message', (m: { url: string }) => resolve(m.url)),
    )
    forked.push(worker)
  }
  const ask = (worker: (typeof forked)[number]) =>
    new Promise<number>((resolve) => {
      worker.once('message', (m: CpuAnswer) => resolve(m.cpu))
      worker.send('cpu')
    })
  const askStats = (worker: (typeof forked)[number]) =>
    new Promise<Stats>((resolve) => {
      worker.once('message', (m: StatsAnswer) => resolve(m.stats))
      worker.send('stats')
    })
  process.send?.({ url, dataDir } satisfies Ready)
  process.on('message', async (message) => {
    if (message === 'cpu') {
      const each = await Promise.all(forked.map(ask))
      process.send?.({ cpu: each.reduce((a, b) => a + b, cpuMicros()) } satisfies CpuAnswer)
    }
    if (message === 'stats') {
      const each = await Promise.all(forked.map(askStats))
      process.send?.({ stats: sum([ownStats(), ...each]) } satisfies StatsAnswer)
    }
    if (message === 'stop') {
      await Promise.all(
        forked.map(
          (worker) =>
            new Promise((resolve) => {
              worker.once('exit', resolve)
              worker.send('stop')
            }),
        ),
      )
      process.exit(0)
    }
  })
} else {
  // Every worker listens on port 0, which node:cluster makes one shared port.
  const server = await serve(process.env.BENCH_DATA_DIR!, process.env.BENCH_SCHEMA!)
  process.send?.({ url: server.url })
  process.on('message', async (message) => {
    if (message === 'cpu') process.send?.({ cpu: cpuMicros() } satisfies CpuAnswer)
    if (message === 'stats') process.send?.({ stats: ownStats() } satisfies StatsAnswer)
    if (message === 'stop') {
      await server.close()
      process.exit(0)
    }
  })
}
