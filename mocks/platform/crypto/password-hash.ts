import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt's cost N; 2^15 with r=8 takes ~32 MiB per hash, which is the point (memory-hard). */
export const DEFAULT_PASSWORD_COST = 2 ** 15

function scryptAsync(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** `scrypt$<N>$<salt>$<hash>`: the cost travels with the hash, so it can be raised later. */
export async function hashPassword(
  password: string,
  cost = DEFAULT_PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scryptAsync(password, salt, cost)
  return `scrypt$${cost}$${salt.toString('base64')}$${hash.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, cost, salt, hash] = (stored ?? '').split('$')
  if (scheme !== 'scrypt' || !cost || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(cost))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
