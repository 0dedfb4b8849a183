import { setupServer } from 'msw/node'

/** The one MSW server of a test file; the setup file starts it with unhandled requests as errors. */
export const mswServer = setupServer()
