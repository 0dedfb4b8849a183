import cluster, { type Worker } from 'node:cluster'

/** What a worker sends the primary once it listens. */
export interface WorkerReady {
  type: 'ready'
  url: string
}

export interface SupervisorOptions {
  count: number
  log: (line: string) => void
  /** Called once, when every first worker listens. */
  onReady: (url: string) => void
}

/** How long workers get to finish their requests on shutdown before they are killed. */
const SHUTDOWN_GRACE_MS = 10_000
/** A replacement that died before it served waits this long: no hot loop of failing starts. */
const RESTART_DELAY_MS = 1_000

const isReady = (message: unknown): message is WorkerReady =>
  (message as WorkerReady | null)?.type === 'ready' &&
  typeof (message as WorkerReady).url === 'string'

/**
 * The primary of `WORKERS=N` (node:cluster): forks the workers, which all listen on one port,
 * replaces a worker that dies while serving, and on SIGINT/SIGTERM stops them all and exits.
 * A worker that dies before the first all listen means the setup is wrong: everything stops.
 */
export function superviseWorkers(options: SupervisorOptions): void {
  const live = new Set<Worker>()
  const serving = new Set<Worker>()
  let started = false
  let stopping = false
  let exitCode = 0

  const fork = () => {
    if (stopping) return
    const worker = cluster.fork()
    live.add(worker)
    worker.on('message', (message: unknown) => {
      if (!isReady(message)) return
      serving.add(worker)
      if (!started && serving.size === options.count) {
        started = true
        options.onReady(message.url)
      }
    })
  }

  const stop = (code: number) => {
    exitCode = Math.max(exitCode, code)
    if (stopping) return
    stopping = true
    if (live.size === 0) process.exit(exitCode)
    for (const worker of live) worker.process.kill('SIGTERM')
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL')
      process.exit(exitCode || 1)
    }, SHUTDOWN_GRACE_MS).unref()
  }

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker)
    const wasServing = serving.delete(worker)
    if (stopping) {
      if (live.size === 0) process.exit(exitCode)
      return
    }
    const how = signal ? `was killed (${signal})` : `exited (code ${code})`
    if (!started) {
      options.log(`worker ${worker.process.pid} ${how} before serving: stopping`)
      stop(1)
      return
    }
    options.log(`worker ${worker.process.pid} ${how}: starting another`)
    if (wasServing) fork()
    else setTimeout(fork, RESTART_DELAY_MS)
  })

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0))
  for (let i = 0; i < options.count; i++) fork()
}
