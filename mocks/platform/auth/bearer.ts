import type { AccessClaims, AccessTokens } from './access-token'

export type BearerResult =
  | { kind: 'anonymous' }
  | { kind: 'user'; claims: AccessClaims }
  | { kind: 'refused'; reason: 'expired' | 'invalid' }

/** Reads `Authorization: Bearer <jwt>`: no header is anonymous, a bad token is refused. */
export async function readBearer(request: Request, tokens: AccessTokens): Promise<BearerResult> {
  const header = request.headers.get('authorization')
  if (!header) return { kind: 'anonymous' }
  const match = header.match(/^Bearer\s+(\S+)$/i)
  if (!match?.[1]) return { kind: 'refused', reason: 'invalid' }
  const result = await tokens.verify(match[1])
  return 'claims' in result
    ? { kind: 'user', claims: result.claims }
    : { kind: 'refused', reason: result.error }
}
