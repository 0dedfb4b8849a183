import type { StreamPart } from '../../../contract/ai-text'
import { type TextResult, textChunks } from './text-generation'

export function encodeStreamPart(part: StreamPart): string {
  return `${part.code}:${JSON.stringify(part.value)}\n`
}

/** The parts of a finished generation, in the order a live model would send them. */
export function* streamPartsOf(messageId: string, result: TextResult): Generator<StreamPart> {
  yield { code: 'f', value: { messageId } }
  yield { code: '2', value: [{ type: 'status', status: 'generating' }] }
  if (result.sources) yield { code: '2', value: [{ type: 'sources', sources: result.sources }] }
  for (const chunk of textChunks(result.text)) yield { code: '0', value: chunk }
  yield { code: 'd', value: { finishReason: result.finishReason, usage: result.usage } }
}

/**
 * A `text/plain` streaming answer. Headers are gone once the first line is out, so a failure
 * after that can only be told in the stream itself: it becomes an `e:` line, then the end.
 */
export function textStreamResponse(
  parts: Iterable<StreamPart> | AsyncIterable<StreamPart>,
  log: (line: string) => void,
): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for await (const part of parts) controller.enqueue(encoder.encode(encodeStreamPart(part)))
      } catch (error) {
        log(`ai: stream failed: ${(error as Error).name}`)
        const message = error instanceof Error ? error.message : 'Stream failed'
        controller.enqueue(
          encoder.encode(encodeStreamPart({ code: 'e', value: { error: message } })),
        )
      }
      controller.close()
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Vercel-AI-Data-Stream': 'v1',
    },
  })
}
