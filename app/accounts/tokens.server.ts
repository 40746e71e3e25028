import { createHash, randomBytes } from 'node:crypto'

/** A random token for a link or cookie, and the hash we store instead of it. */
export function createToken() {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: hashToken(token) }
}

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

export function isoAfter(milliseconds: number, from = Date.now()) {
  return new Date(from + milliseconds).toISOString()
}
