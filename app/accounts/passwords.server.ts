// Password hashing with scrypt, a memory-hard function from node:crypto.
// Stored as `scrypt$N$r$p$salt$hash` so the cost can rise later without
// breaking older hashes.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// N = 2^15 with r = 8 uses 32 MiB per hash (OWASP's minimum for scrypt is N = 2^17
// with r = 8 and p = 1, or an equivalent trade; 2^15 with p = 1 keeps a login near
// 100 ms on a small server while still costing an attacker 32 MiB per guess).
const COST = { N: 2 ** 15, r: 8, p: 1 } as const
const KEY_LENGTH = 64
const SALT_BYTES = 16

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const maxmem = 128 * (options.N ?? COST.N) * (options.r ?? COST.r) * 2
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await scrypt(password, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

// Checked against when an e-mail is unknown, so a wrong e-mail takes as long as a wrong password.
let decoyHash: Promise<string> | undefined
export function getDecoyHash() {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return decoyHash
}
