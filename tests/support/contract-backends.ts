import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe } from 'vitest'
import { appSchema } from '../../db/index'
import { type LocalServer, startLocalServer } from '../../mocks/server/local-server'
import { createPlatformClient, type PlatformClient } from '../../src/platform/index'
import type { TokenSet } from '../../src/platform/types'
import { dropSchema, postgresAvailability, TEST_DATABASE_URL } from './postgres'
import { signUpThroughAuthPage } from './sign-up'

export interface ContractBackend {
  /** The running local server (its URL, for raw requests). */
  server: () => LocalServer
  /** An SDK client against the server, optionally signed in with `tokens`. */
  clientFor: (tokens?: TokenSet) => PlatformClient
  /** Signs a new user up through the hosted page and returns their tokens. */
  signUp: (email: string, displayName?: string) => Promise<TokenSet>
  /** Signs up and returns a signed-in client with the user's id. */
  signedIn: (email: string) => Promise<{ client: PlatformClient; userId: string; tokens: TokenSet }>
}

const postgres = await postgresAvailability()

/**
 * Runs `suite` once against a local server on PGlite and once on PostgreSQL (in a schema of
 * its own). Without a reachable PostgreSQL that half is skipped with the reason; under CI it
 * fails instead (see postgresAvailability).
 */
export function describeOnEveryBackend(name: string, suite: (backend: ContractBackend) => void) {
  const backends = [
    { label: 'PGlite', enabled: true, reason: '', databaseUrl: undefined },
    {
      label: 'PostgreSQL',
      enabled: postgres.available,
      reason: postgres.reason,
      databaseUrl: TEST_DATABASE_URL,
    },
  ]
  for (const backend of backends) {
    const title = `${name} on ${backend.label}${backend.enabled ? '' : ` (skipped: ${backend.reason})`}`
    describe.skipIf(!backend.enabled)(title, () => {
      let server: LocalServer | undefined
      let dataDir: string
      const schema = `contract_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`

      beforeAll(async () => {
        dataDir = await mkdtemp(path.join(tmpdir(), 'contract-'))
        server = await startLocalServer({
          port: 0,
          host: '127.0.0.1',
          dataDir,
          // PGlite in memory, from a migrated image, rather than initdb and every migration on
          // disk: about 3 s less per server, and these servers need no database that outlives
          // them (docs/quality.md, "Speed").
          memoryDatabase: true,
          databaseUrl: backend.databaseUrl,
          schema: backend.databaseUrl ? schema : undefined,
          projectId: 'prompt-chat',
          secret: 'contract-secret-that-is-at-least-32-chars',
          app: appSchema,
        })
      })
      afterAll(async () => {
        await server?.close()
        await rm(dataDir, { recursive: true, force: true })
        if (backend.databaseUrl) await dropSchema(schema)
      })

      const current = () => {
        if (!server) throw new Error('the local server is not started yet')
        return server
      }
      const clientFor = (tokens?: TokenSet) => {
        const storage = new Map<string, string>()
        const client = createPlatformClient({
          projectId: 'prompt-chat',
          authUrl: current().url,
          coreUrl: current().url,
          storage: {
            getItem: (k) => storage.get(k) ?? null,
            setItem: (k, v) => void storage.set(k, v),
            removeItem: (k) => void storage.delete(k),
          },
        })
        if (tokens) client.auth.setTokens(tokens)
        return client
      }
      const signUp = (email: string, displayName = '') =>
        signUpThroughAuthPage((req) => fetch(req), current().url, { email, displayName })
      suite({
        server: current,
        clientFor,
        signUp,
        async signedIn(email) {
          const tokens = await signUp(email)
          const client = clientFor(tokens)
          return { client, tokens, userId: (await client.auth.me()).id }
        },
      })
    })
  }
}
