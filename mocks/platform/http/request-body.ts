import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'

const decoder = new TextDecoder()

/**
 * A request's body as text, or null once it passes `limit` bytes (the rest is left unread).
 * Under the local server (@hono/node-server, whose bindings reach us as `c.env.incoming`) it is
 * read straight from Node's stream: `c.req.text()` there first builds a WHATWG Request with a
 * web stream over it, about a tenth of a table API POST's CPU. Elsewhere (MSW in tests), and
 * whenever something already started reading Node's stream, the standard way. Decoded as
 * `text()` decodes: UTF-8, a leading BOM dropped, bad bytes replaced.
 */
export async function requestText(c: Context, limit: number): Promise<string | null> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming || incoming.readableFlowing !== null || incoming.readableEnded) {
    const text = await c.req.raw.text()
    return text.length > limit ? null : text
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = () => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        done()
        resolve(null)
      } else chunks.push(chunk)
    }
    const onEnd = () => {
      done()
      resolve(decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)))
    }
    const onError = (error: Error) => {
      done()
      reject(error)
    }
    // Closed before its end: the client went away mid-body.
    const onClose = () => onError(new Error('The request body ended early'))
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose)
  })
}
