import { WebSocket } from 'ws'

// One channel, many subscribers: how long a published message takes to reach every member,
// over real sockets to the local server. Latency is publish-sent to frame-received, per
// delivery; the subscribers share this process, so their own parsing is part of the figure.

export interface BroadcastResult {
  subscribers: number
  messages: number
  p50: number
  p95: number
  /** Messages published and fully fanned out per second (each to every subscriber). */
  messagesPerSecond: number
  /** Frames delivered to subscribers per second. */
  deliveriesPerSecond: number
}

type Frame = { type: string; payload: Record<string, unknown> }

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })
}

const frameOf = (data: unknown): Frame => JSON.parse(String(data)) as Frame

/** Subscribes `socket` to `channel` and resolves on the server's ack. */
function subscribe(socket: WebSocket, channel: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (data: unknown) => {
      const frame = frameOf(data)
      if (frame.type === 'subscribed' && frame.payload.channel === channel) {
        socket.off('message', onMessage)
        resolve()
      }
    }
    socket.on('message', onMessage)
    socket.send(JSON.stringify({ type: 'subscribe', payload: { channel, metadata: {} } }))
  })
}

export async function benchBroadcast(
  serverUrl: string,
  accessToken: string,
  options: { subscribers?: number; messages?: number } = {},
): Promise<BroadcastResult> {
  const subscribers = options.subscribers ?? 1000
  const messages = options.messages ?? 100
  const channel = 'bench-broadcast'
  const socketUrl = `${serverUrl.replace(/^http/, 'ws')}/?project_id=prompt-chat&token=${accessToken}`

  const members: WebSocket[] = []
  // Joined in groups, as a crowd arrives, so the connect storm does not time itself out.
  for (let i = 0; i < subscribers; i += 50) {
    const group = await Promise.all(
      Array.from({ length: Math.min(50, subscribers - i) }, () => open(socketUrl)),
    )
    await Promise.all(group.map((socket) => subscribe(socket, channel)))
    members.push(...group)
  }
  // Let the (throttled) presence updates of the joins go out before measuring: wait for a
  // full second in which no member receives anything.
  let lastFrameAt = performance.now()
  const noteFrame = () => {
    lastFrameAt = performance.now()
  }
  for (const socket of members) socket.on('message', noteFrame)
  while (performance.now() - lastFrameAt < 1000) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  for (const socket of members) socket.off('message', noteFrame)

  const latencies: number[] = []
  let sentAt = 0
  let waiting = 0
  let allArrived: () => void = () => {}
  for (const socket of members) {
    socket.on('message', (data) => {
      const frame = frameOf(data)
      if (frame.type !== 'message' || frame.payload.channel !== channel) return
      latencies.push(performance.now() - sentAt)
      if (--waiting === 0) allArrived()
    })
  }

  const publisher = await open(socketUrl)
  const started = performance.now()
  for (let n = 0; n < messages; n++) {
    const delivered = new Promise<void>((resolve) => {
      allArrived = resolve
    })
    waiting = subscribers
    sentAt = performance.now()
    publisher.send(
      JSON.stringify({ type: 'publish', payload: { channel, type: 'tick', data: { n } } }),
    )
    await delivered
  }
  const elapsed = (performance.now() - started) / 1000

  for (const socket of [publisher, ...members]) socket.terminate()
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return {
    subscribers,
    messages,
    p50: at(0.5),
    p95: at(0.95),
    messagesPerSecond: messages / elapsed,
    deliveriesPerSecond: latencies.length / elapsed,
  }
}

export const formatBroadcast = (r: BroadcastResult) =>
  `${r.subscribers} subscribers, ${r.messages} messages: p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  ${r.messagesPerSecond.toFixed(0)} messages/s  (${r.deliveriesPerSecond.toFixed(0)} deliveries/s)`
