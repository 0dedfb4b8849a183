/** docs/product/data.md: message ids name the moment and the role. */
export function messageId(time: number, role: 'user' | 'assistant'): string {
  return `msg_${time}_${role}`
}

/** docs/product/data.md: key ids combine a prefix, the user id, the provider and a timestamp. */
export function apiKeyId(userId: string, provider: string, time: number): string {
  return `key_${userId}_${provider}_${time}`
}
