import path from 'node:path'
import { runServer } from '../../mocks/server/run-server'

// `npm start` without the app's build: the platform's API alone, configured by the same
// environment (PORT, DATABASE_URL, WORKERS, …), for tests that run servers as processes.
await runServer({ root: path.resolve(import.meta.dirname, '../..'), withApp: false })
