import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { appSchema } from '../../db/index'
import { ensureBuild } from './ensure-build'
import { startLocalServer } from './local-server'
import { readServerConfig } from './server-config'

// `npm start`: build the app if needed, then serve it with the mock platform on one port.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const config = readServerConfig()
// The downloadable extension talks to the app at the address this server answers on.
const extensionOrigin =
  process.env.EXTENSION_APP_ORIGIN ?? config.publicOrigin ?? `http://localhost:${config.port}`
ensureBuild(root, { ...process.env, EXTENSION_APP_ORIGIN: extensionOrigin })

const server = await startLocalServer({
  ...config,
  distDir: path.join(root, 'dist'),
  app: appSchema,
  log: (line) => console.log(`[server] ${line}`),
})
const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`
console.log(`[server] Prompt Chat is running on ${server.url} — data: ${store}`)
if (config.fakeProviders) {
  console.log(
    `[server] FAKE_PROVIDERS=1: LLM calls go to the fakes under ${server.url}/fake-providers`,
  )
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
