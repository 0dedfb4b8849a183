import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runServer } from './run-server'

// `npm start`: build the app if needed, then serve it with the mock platform on one port
// (WORKERS=N: in N processes, see run-server.ts).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
await runServer({ root, withApp: true })
