import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { TEST_DATABASE_URL } from './postgres'

/** `npm start` without the build (tests/support/server-entry.ts), run as a process of its own. */
const ENTRY = path.join(import.meta.dirname, 'server-entry.ts')

/** A fresh database on the test server, for servers configured only by DATABASE_URL. */
export async function createTestDatabase(prefix: string): Promise<{
  url: string
  drop(): Promise<void>
}> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  const admin = () => new pg.Client({ connectionString: TEST_DATABASE_URL })
  const client = admin()
  await client.connect()
  try {
    await client.query(`create database "${name}"`)
  } finally {
    await client.end()
  }
  const url = new URL(TEST_DATABASE_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = admin()
      await client.connect()
      try {
        // FORCE: a killed server's connections may linger until the server notices.
        await client.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

export interface ServerProcess {
  child: ChildProcess
  /** What it printed, stdout and stderr together, as it arrives. */
  output(): string
  /** Resolves to the address from its "running on" line. */
  url: Promise<string>
  /** Resolves when it has exited, to its exit code (or the signal that ended it). */
  exited: Promise<number | NodeJS.Signals>
  /** Stops it (SIGKILL when it does not go within `ms`) and removes its data dir. */
  stop(ms?: number): Promise<void>
}

/**
 * Starts a server process on a port of its own (PORT=0), configured by `env` over a clean
 * environment of ours: its own DATA_DIR, one process unless WORKERS says otherwise.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'server-process-'))
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) =>
        !/^(DATABASE_|PLATFORM_|WORKERS$|PORT$|HOST$|DATA_DIR$|PUBLIC_ORIGIN$|FAKE_|VITE_)/.test(
          key,
        ),
    ),
  )
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal as NodeJS.Signals))),
  )
  const url = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      text += String(chunk)
      const running = /is running on (\S+)/.exec(text)
      if (running?.[1]) resolve(running[1])
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    void exited.then((how) =>
      reject(new Error(`the server exited (${how}) before it served:\n${text}`)),
    )
  })
  // Awaited by the tests that need it; a rejection nobody awaits is not an error.
  url.catch(() => {})
  return {
    child,
    output: () => text,
    url,
    exited,
    async stop(ms = 10_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), ms)
        await exited
        clearTimeout(timer)
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Polls `condition` every 50 ms until it holds, or fails naming `what`. */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  ms = 20_000,
): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** GET /api/health until it answers 200 (the port may be bound before the routes are). */
export async function waitForHealth(url: string, ms = 30_000): Promise<void> {
  await until(
    `${url}/api/health`,
    async () => (await fetch(`${url}/api/health`).catch(() => null))?.status === 200,
    ms,
  )
}
