import { keysToSnake } from '../case-conversion'
import { AIError, NetworkError } from '../errors'
import type { PlatformContext } from '../platform-context'
import type { StreamResult, TextOptions } from './ai-types'
import { createStreamParser, type StreamEvent } from './stream-parser'

/** The events a caller sees: errors and unreadable lines are thrown, unknown lines skipped. */
export type TextStreamEvent = Exclude<StreamEvent, { type: 'error' | 'malformed' | 'unknown' }>

async function openStream(context: PlatformContext, options: TextOptions): Promise<Response> {
  const { signal, ...fields } = options
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/plain',
  }
  const token = context.auth.getTokens() ? await context.auth.getValidAccessToken() : null
  if (token) headers.Authorization = `Bearer ${token}`
  const url = `${context.coreUrl.replace(/\/+$/, '')}/api/ai/${encodeURIComponent(context.projectId)}/text`
  let response: Response
  try {
    response = await context.fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(keysToSnake({ ...fields, stream: true })),
      signal,
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    const reason = cause instanceof Error ? cause.message : String(cause)
    throw new NetworkError(`Network request failed: ${reason}`, { cause })
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '')
    let details: unknown = text
    try {
      details = JSON.parse(text)
    } catch {}
    throw new AIError('Streaming request failed', { status: response.status, details })
  }
  return response
}

/**
 * The streamed text answer as events, read incrementally: each is yielded as soon as its line
 * is complete. An `e:` line throws an AIError with the server's message.
 */
export async function* streamTextEvents(
  context: PlatformContext,
  options: TextOptions,
): AsyncGenerator<TextStreamEvent> {
  const response = await openStream(context, options)
  if (!response.body)
    throw new AIError('No response body for streaming', { status: response.status })
  const reader = response.body.getReader()
  const parser = createStreamParser()
  let done = false
  try {
    while (!done) {
      const next = await reader.read()
      done = next.done
      const events = next.done ? parser.end() : parser.push(next.value)
      for (const event of events) {
        if (event.type === 'error') throw new AIError(event.message, { details: event })
        if (event.type === 'malformed')
          throw new AIError('Failed to parse response', { details: { line: event.line } })
        if (event.type !== 'unknown') yield event
      }
    }
  } finally {
    // Stopped early (error, or the caller broke out): let the server stop sending. Not awaited:
    // a body that has already been fully received may never settle its cancel promise.
    if (!done) void reader.cancel().catch(() => {})
  }
}

/** Runs a streamed generation, calling `onChunk` with every text piece; resolves with the whole. */
export async function streamText(
  context: PlatformContext,
  options: TextOptions,
  onChunk?: (chunk: string) => void,
): Promise<StreamResult> {
  const result: StreamResult = {
    text: '',
    usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    finishReason: 'unknown',
    messageId: null,
    data: [],
  }
  for await (const event of streamTextEvents(context, options)) {
    if (event.type === 'start') result.messageId = event.messageId
    else if (event.type === 'data') {
      result.data.push(...event.data)
      for (const item of event.data) {
        const sources = item as { type?: unknown; sources?: unknown } | null
        if (sources?.type === 'sources' && Array.isArray(sources.sources))
          result.sources = sources.sources as StreamResult['sources']
      }
    } else if (event.type === 'text') {
      result.text += event.text
      onChunk?.(event.text)
    } else if (event.type === 'finish') {
      result.finishReason = event.finishReason
      result.usage = event.usage
    }
  }
  return result
}
