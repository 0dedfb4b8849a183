import http from 'node:http'

/**
 * A lean HTTP/1.1 client for the load generator: node:http over kept-alive sockets. It shares
 * two cores with the server it measures, and `fetch` (undici, WHATWG streams) spent three to
 * four times its CPU per request (about 120-170 µs against 36 µs measured here on
 * /api/health), which came out of the server's share.
 */
export function createHttpClient(baseUrl: string, maxSockets: number) {
  const origin = new URL(baseUrl)
  // An idle socket is closed after 2 s, before the server's keep-alive (Node's 5 s) closes it
  // under a request just sent on it: that race read as a failed write (ECONNRESET).
  const agent = new http.Agent({ keepAlive: true, maxSockets, timeout: 2_000 })
  return {
    request(
      method: string,
      path: string,
      headers: Record<string, string>,
      body?: string,
    ): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: origin.hostname,
            port: origin.port,
            path,
            method,
            agent,
            headers:
              body === undefined
                ? headers
                : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          },
          (res) => {
            let text = ''
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => {
              text += chunk
            })
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
            res.on('error', reject)
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    },
    close: () => agent.destroy(),
  }
}
