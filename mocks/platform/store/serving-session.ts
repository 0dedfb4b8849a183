import { SERVING_ROLE } from './sql-store'

/**
 * What the platform's serving session holds that nothing else may: the key the database seals
 * columns with (`platform_seal`, migration 5), in a temporary table owned by the serving role.
 * Temporary, so it is never in a table, a dump or a setting a caller could read; the request
 * roles have no privilege on it, and `owner` (the sealing function's owner) may read it.
 */
export function servingSessionSetup(sealingKey: Uint8Array | undefined, owner: string): string[] {
  if (!sealingKey) return []
  return [
    'create temporary table if not exists platform_column_key (key bytea not null)',
    'truncate pg_temp.platform_column_key',
    `insert into pg_temp.platform_column_key values ('\\x${Buffer.from(sealingKey).toString('hex')}')`,
    `grant select on pg_temp.platform_column_key to ${quoteIdent(owner)}`,
  ]
}

/** Refuses to serve through a role that would bypass row-level security. */
export const SERVING_ROLE_CHECK = `select current_user as role, r.rolsuper as superuser,
  r.rolbypassrls as bypass from pg_catalog.pg_roles r where r.rolname = current_user`

export function assertServingRole(row: { role?: unknown; superuser?: unknown; bypass?: unknown }) {
  if (row.superuser || row.bypass) {
    throw new Error(
      `The platform must not serve through ${String(row.role)}: it is a superuser or bypasses ` +
        `row-level security. Serve as ${SERVING_ROLE} (see docs/security.md).`,
    )
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
