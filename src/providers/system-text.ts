import type { ChatTurn } from '../domain/chat-types'

/**
 * The system turns joined by blank lines, for providers that take system text outside the
 * conversation; undefined when there are none, so the field can be left out.
 */
export function systemText(messages: ChatTurn[]): string | undefined {
  const system = messages.filter((turn) => turn.role === 'system').map((turn) => turn.content)
  return system.length ? system.join('\n\n') : undefined
}
