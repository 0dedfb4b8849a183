import { randomUUID } from 'node:crypto'
import type { TokenResponse } from '../../../contract/auth-session'
import { hashToken, newOpaqueToken } from '../crypto/opaque-token'
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword } from '../crypto/password-hash'
import type { SqlStore } from '../store/sql-store'
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens } from './access-token'
import type { SignInInput, SignUpInput } from './auth-input'
import { openSuccessor, sealSuccessor } from './successor-seal'

export const REFRESH_TOKEN_TTL_SECONDS = 2_592_000 // 30 days (docs/product/limits.md)
export const CODE_TTL_SECONDS = 60
/**
 * How long a rotated refresh token still answers with its successor instead of counting as
 * reuse: clients that do not share one refresh (the hosted SDK, several tabs) send the same
 * token many times at once. Short, so a stolen rotated token is still caught soon after.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10

export interface AccountRow {
  id: string
  email: string
  display_name: string | null
  created_at: Date | string
}

export type RefreshError = 'invalid_refresh_token' | 'refresh_token_reused'

/**
 * Accounts, one-time codes and refresh-token families, on the platform's internal tables
 * (the server's own connection; request roles have no grant on them). Inputs arrive
 * validated (auth-input.ts).
 *
 * Access tokens are stateless JWTs: revoking a family (sign-out, reuse) stops its refresh
 * tokens at once, but an access token already issued stays valid until its `exp`, at most
 * ACCESS_TOKEN_TTL_SECONDS (900 s). Checking revocation on every request would cost a
 * database read per call, which the verified-token cache exists to avoid.
 */
export function createAuthService(deps: {
  store: SqlStore
  accessTokens: AccessTokens
  now: () => Date
  passwordCost?: number
}) {
  const { store, accessTokens, now } = deps
  // Same cost as real hashes: an unknown e-mail takes as long to refuse as a wrong password.
  const decoyHash = `scrypt$${deps.passwordCost ?? DEFAULT_PASSWORD_COST}$AAAAAAAAAAAAAAAAAAAAAA==$AAAA`
  const at = (secondsFromNow: number) => new Date(now().getTime() + secondsFromNow * 1000)

  const tokensFor = async (
    user: AccountRow,
    refreshToken: string,
    refreshExpiresIn: number,
  ): Promise<TokenResponse> => ({
    access_token: await accessTokens.issue(user),
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_expires_in: refreshExpiresIn,
  })

  /** A new family (a sign-in): its first refresh token. */
  async function issueTokens(user: AccountRow): Promise<TokenResponse> {
    const refreshToken = newOpaqueToken()
    await store.query(
      `insert into auth_refresh_tokens (token_hash, family_id, user_id, expires_at, created_at)
       values ($1, $2, $3, $4, $5)`,
      [hashToken(refreshToken), randomUUID(), user.id, at(REFRESH_TOKEN_TTL_SECONDS), now()],
    )
    return tokensFor(user, refreshToken, REFRESH_TOKEN_TTL_SECONDS)
  }

  async function findUser(id: string): Promise<AccountRow | null> {
    const { rows } = await store.query<AccountRow>(
      'select id, email, display_name, created_at from auth_users where id = $1',
      [id],
    )
    return rows[0] ?? null
  }

  return {
    findUser,

    async signUp(input: SignUpInput): Promise<{ user: AccountRow } | { error: 'email_taken' }> {
      const { email, displayName } = input
      const passwordHash = await hashPassword(input.password, deps.passwordCost)
      const { rows } = await store.query<AccountRow>(
        `insert into auth_users (id, email, password_hash, display_name, created_at)
         values ($1, $2, $3, $4, $5) on conflict do nothing
         returning id, email, display_name, created_at`,
        [`user_${randomUUID().replace(/-/g, '')}`, email, passwordHash, displayName || null, now()],
      )
      return rows[0] ? { user: rows[0] } : { error: 'email_taken' }
    },

    async signIn({ email, password }: SignInInput): Promise<AccountRow | null> {
      const { rows } = await store.query<AccountRow & { password_hash: string | null }>(
        `select id, email, display_name, created_at, password_hash from auth_users
         where lower(email) = lower($1)`,
        [email],
      )
      const row = rows[0]
      // Hash even for an unknown e-mail, so timing does not reveal which accounts exist.
      const ok = await verifyPassword(password, row?.password_hash ?? decoyHash)
      if (!row || !ok) return null
      const { password_hash: _, ...user } = row
      return user
    },

    /** A single-use code for the redirect back to the app: only its hash is stored. */
    async issueCode(userId: string): Promise<string> {
      const code = newOpaqueToken()
      await store.query(
        'insert into auth_codes (code_hash, user_id, expires_at) values ($1, $2, $3)',
        [hashToken(code), userId, at(CODE_TTL_SECONDS)],
      )
      return code
    },

    async exchangeCode(code: string): Promise<TokenResponse | null> {
      const { rows } = await store.query<{ user_id: string }>(
        `update auth_codes set used_at = $2
         where code_hash = $1 and used_at is null and expires_at > $2 returning user_id`,
        [hashToken(code), now()],
      )
      const user = rows[0] && (await findUser(rows[0].user_id))
      return user ? issueTokens(user) : null
    },

    /**
     * Rotation: each refresh token rotates once. One statement marks it rotated and inserts its
     * successor, so of racing requests (PostgreSQL's row lock re-checks `rotated_at is null`
     * after the winner commits) exactly one rotates. The others, and any retry within
     * REFRESH_REUSE_GRACE_SECONDS, get that same successor, unsealed with the token they
     * presented (successor-seal.ts). Later, a rotated token is reuse: its family is revoked.
     */
    async refresh(refreshToken: string): Promise<TokenResponse | { error: RefreshError }> {
      const hash = hashToken(refreshToken)
      const successor = newOpaqueToken()
      const { rows } = await store.query<{ user_id: string }>(
        `with rotated as (
           update auth_refresh_tokens
              set rotated_at = $2, successor_hash = $3, successor_sealed = $4
            where token_hash = $1 and rotated_at is null and revoked_at is null
              and expires_at > $2
           returning family_id, user_id),
         -- Earlier links' sealed successors are past their grace period: drop them.
         spent as (
           update auth_refresh_tokens set successor_sealed = null
            where family_id = (select family_id from rotated)
              and successor_sealed is not null and rotated_at < $6)
         insert into auth_refresh_tokens (token_hash, family_id, user_id, expires_at, created_at)
         select $3, family_id, user_id, $5::timestamptz, $2::timestamptz from rotated
         returning user_id`,
        [
          hash,
          now(),
          hashToken(successor),
          sealSuccessor(successor, refreshToken),
          at(REFRESH_TOKEN_TTL_SECONDS),
          at(-REFRESH_REUSE_GRACE_SECONDS),
        ],
      )
      if (rows[0]) {
        const user = await findUser(rows[0].user_id)
        return user
          ? tokensFor(user, successor, REFRESH_TOKEN_TTL_SECONDS)
          : { error: 'invalid_refresh_token' }
      }

      const { rows: stale } = await store.query<{
        family_id: string
        user_id: string
        rotated_at: Date | string | null
        revoked_at: Date | string | null
        successor_sealed: string | null
        successor_expires_at: Date | string | null
        successor_revoked_at: Date | string | null
      }>(
        `select t.family_id, t.user_id, t.rotated_at, t.revoked_at, t.successor_sealed,
                s.expires_at as successor_expires_at, s.revoked_at as successor_revoked_at
           from auth_refresh_tokens t
           left join auth_refresh_tokens s on s.token_hash = t.successor_hash
          where t.token_hash = $1`,
        [hash],
      )
      const token = stale[0]
      // Unknown, expired, or revoked (signed out, or its family caught reusing): just refused.
      if (!token?.rotated_at || token.revoked_at) return { error: 'invalid_refresh_token' }
      const sinceRotation = now().getTime() - new Date(token.rotated_at).getTime()
      const successorLeft = token.successor_expires_at
        ? Math.floor((new Date(token.successor_expires_at).getTime() - now().getTime()) / 1000)
        : 0
      if (
        sinceRotation <= REFRESH_REUSE_GRACE_SECONDS * 1000 &&
        token.successor_sealed &&
        !token.successor_revoked_at &&
        successorLeft > 0
      ) {
        const same = openSuccessor(token.successor_sealed, refreshToken)
        const user = same && (await findUser(token.user_id))
        if (same && user) return tokensFor(user, same, successorLeft)
      }
      await this.revokeFamily(token.family_id)
      return { error: 'refresh_token_reused' }
    },

    async revokeFamily(familyId: string): Promise<void> {
      await store.query(
        'update auth_refresh_tokens set revoked_at = $2 where family_id = $1 and revoked_at is null',
        [familyId, now()],
      )
    },

    /** Sign-out: the refresh token's whole family stops working. Unknown tokens are ignored. */
    async revokeByToken(refreshToken: string): Promise<void> {
      const { rows } = await store.query<{ family_id: string }>(
        'select family_id from auth_refresh_tokens where token_hash = $1',
        [hashToken(refreshToken)],
      )
      if (rows[0]) await this.revokeFamily(rows[0].family_id)
    },

    async updateDisplayName(
      userId: string,
      displayName: string | null,
    ): Promise<AccountRow | null> {
      const { rows } = await store.query<AccountRow>(
        `update auth_users set display_name = $2 where id = $1
         returning id, email, display_name, created_at`,
        [userId, displayName],
      )
      return rows[0] ?? null
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
