import type { RequestRole } from '../rest/request-role'
import { RestError } from '../rest/rest-error'
import type { AccessTokens } from './access-token'
import { readBearer } from './bearer'

/**
 * Who is calling: `authenticated` with their claims, or `anon` without a token. A bad or
 * expired token is a 401 (PostgREST's PGRST301/PGRST303), never a silent downgrade to anon.
 */
export async function callerOf(request: Request, accessTokens: AccessTokens): Promise<RequestRole> {
  const bearer = await readBearer(request, accessTokens)
  if (bearer.kind === 'user') return { role: 'authenticated', claims: bearer.claims }
  if (bearer.kind === 'anonymous') return { role: 'anon' }
  throw bearer.reason === 'expired'
    ? new RestError(401, 'PGRST303', 'JWT expired')
    : new RestError(401, 'PGRST301', 'JWT could not be decoded', 'Invalid or malformed token')
}
