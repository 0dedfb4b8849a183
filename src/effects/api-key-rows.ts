import type { PlatformClient } from '../platform/index'

/** A row of user_api_keys (docs/product/data.md): the key base64-encoded, sealed at rest. */
export interface ApiKeyRow {
  id: string
  userId: string
  provider: string
  apiKeyEncrypted: string
  createdAt?: string
  updatedAt?: string
}

/** The user's saved provider keys, read by the chat (to send) and by key management. */
export function apiKeyRows(platform: PlatformClient) {
  const table = platform.db.table<ApiKeyRow>('userApiKeys')
  return {
    table,
    ofUser: (userId: string) => table.list({ where: { userId } }),
    async stored(userId: string, provider: string): Promise<ApiKeyRow | null> {
      const rows = await table.list({ where: { userId, provider }, limit: 1 })
      return rows[0] ?? null
    },
  }
}
