import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { appSchema } from '../db/index'
import { startLocalServer } from '../mocks/server/local-server'

// A local server in its own process, so the load generator does not share its event loop.
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-'))
const server = await startLocalServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
  schema: process.env.DATABASE_URL ? `bench_${process.pid}` : undefined,
  projectId: 'prompt-chat',
  secret: 'bench-secret-that-is-at-least-32-characters',
  app: appSchema,
})
process.send?.({ url: server.url, dataDir })
process.on('message', async (message) => {
  if (message === 'stop') {
    await server.close()
    process.exit(0)
  }
})
