import { randomUUID } from 'node:crypto'
import { hashToken, newOpaqueToken } from '../crypto/opaque-token'
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword } from '../crypto/password-hash'
import type { SqlStore } from '../store/sql-store'
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens } from './access-token'

export const REFRESH_TOKEN_TTL_SECONDS = 2_592_000 // 30 days (spec §9)
export const CODE_TTL_SECONDS = 60
export const MIN_PASSWORD_LENGTH = 8
export const MAX_DISPLAY_NAME_LENGTH = 100

export interface AccountRow {
  id: string
  email: string
  display_name: string | null
  created_at: Date | string
}

/** What /api/auth/token and /api/auth/refresh answer (spec §7.1). */
export interface TokenResponse {
  access_token: string
  refresh_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_expires_in: number
}

export type SignUpError = 'invalid_email' | 'weak_password' | 'email_taken' | 'invalid_display_name'
export type RefreshError = 'invalid_refresh_token' | 'refresh_token_reused'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Accounts, one-time codes and refresh-token families, on the platform's internal tables
 * (the server's own connection; request roles have no grant on them).
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

  async function issueTokens(
    user: AccountRow,
    familyId: string = randomUUID(),
  ): Promise<TokenResponse> {
    const refreshToken = newOpaqueToken()
    await store.query(
      `insert into auth_refresh_tokens (token_hash, family_id, user_id, expires_at, created_at)
       values ($1, $2, $3, $4, $5)`,
      [hashToken(refreshToken), familyId, user.id, at(REFRESH_TOKEN_TTL_SECONDS), now()],
    )
    return {
      access_token: await accessTokens.issue(user),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS,
    }
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

    async signUp(input: {
      email: string
      password: string
      displayName: string
    }): Promise<{ user: AccountRow } | { error: SignUpError }> {
      const email = input.email.trim()
      const displayName = input.displayName.trim()
      if (!EMAIL.test(email) || email.length > 254) return { error: 'invalid_email' }
      if (input.password.length < MIN_PASSWORD_LENGTH) return { error: 'weak_password' }
      if (displayName.length > MAX_DISPLAY_NAME_LENGTH) return { error: 'invalid_display_name' }
      const passwordHash = await hashPassword(input.password, deps.passwordCost)
      const { rows } = await store.query<AccountRow>(
        `insert into auth_users (id, email, password_hash, display_name, created_at)
         values ($1, $2, $3, $4, $5) on conflict do nothing
         returning id, email, display_name, created_at`,
        [`user_${randomUUID().replace(/-/g, '')}`, email, passwordHash, displayName || null, now()],
      )
      return rows[0] ? { user: rows[0] } : { error: 'email_taken' }
    },

    async signIn(email: string, password: string): Promise<AccountRow | null> {
      const { rows } = await store.query<AccountRow & { password_hash: string | null }>(
        `select id, email, display_name, created_at, password_hash from auth_users
         where lower(email) = lower($1)`,
        [email.trim()],
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

    /** Rotation: each refresh token works once. Presenting a rotated one revokes its family. */
    async refresh(refreshToken: string): Promise<TokenResponse | { error: RefreshError }> {
      const hash = hashToken(refreshToken)
      const { rows } = await store.query<{ family_id: string; user_id: string }>(
        `update auth_refresh_tokens set rotated_at = $2
         where token_hash = $1 and rotated_at is null and revoked_at is null and expires_at > $2
         returning family_id, user_id`,
        [hash, now()],
      )
      const current = rows[0]
      if (current) {
        const user = await findUser(current.user_id)
        return user ? issueTokens(user, current.family_id) : { error: 'invalid_refresh_token' }
      }
      const { rows: stale } = await store.query<{ family_id: string; rotated_at: Date | null }>(
        'select family_id, rotated_at from auth_refresh_tokens where token_hash = $1',
        [hash],
      )
      if (stale[0]?.rotated_at) {
        await this.revokeFamily(stale[0].family_id)
        return { error: 'refresh_token_reused' }
      }
      return { error: 'invalid_refresh_token' }
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
