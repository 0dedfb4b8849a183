import { fork } from 'node:child_process'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/** What the serving processes hold right now, summed over them (bench-server.ts). */
export interface ServerStats {
  /** Resident set size, bytes. */
  rss: number
  /** V8 heap in use, bytes. */
  heapUsed: number
  /** Open TCP sockets: HTTP keep-alive, WebSockets, and database connections on PostgreSQL. */
  sockets: number
}

/** Asks the server process one question and waits for the answer that carries `key`. */
function ask<T>(child: ReturnType<typeof fork>, question: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !(key in message)) return
      child.off('message', onMessage)
      resolve(message as T)
    }
    child.on('message', onMessage)
    child.send(question)
  })
}

/**
 * A local server in a process of its own (bench-server.ts), so the load generator does not share
 * its event loop; `workers` node:cluster workers on PostgreSQL. BENCH_PROFILE=<dir>: the server
 * writes a V8 CPU profile there when it stops.
 */
export async function startServer(databaseUrl: string | undefined, workers: number) {
  const child = fork(path.join(here, 'bench-server.ts'), {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : []),
    ],
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '', BENCH_WORKERS: String(workers) },
    stdio: 'inherit',
  })
  const { url, dataDir } = await new Promise<{ url: string; dataDir: string }>((resolve) =>
    child.once('message', (m) => resolve(m as { url: string; dataDir: string })),
  )
  return {
    url,
    pid: child.pid!,
    schema: `bench_${child.pid}`,
    /** CPU time (µs) the serving processes have used so far. */
    cpu: async () => (await ask<{ cpu: number }>(child, 'cpu', 'cpu')).cpu,
    stats: async () => (await ask<{ stats: ServerStats }>(child, 'stats', 'stats')).stats,
    async stop() {
      child.send('stop')
      await new Promise((resolve) => child.once('exit', resolve))
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
