import { randomBytes, scryptSync } from 'node:crypto'

import { vi } from 'vitest'

type Passwords = typeof import('~/accounts/passwords.server')

// The production cost (N = 2^15, 32 MiB) makes each hash about 100 ms, and tests of who is
// counted and throttled make hundreds of them. Hashes made here are stored in the same format
// with N = 2^10, and the real verifyPassword reads the cost from the stored hash, as it will
// when the cost rises, so every check still runs scrypt. Use it with
// `vi.mock('~/accounts/passwords.server', async () => (await import('./cheap-passwords')).cheapPasswords())`
// in a file whose subject is not the hash.
export async function cheapPasswords(): Promise<Passwords> {
  const actual = await vi.importActual<Passwords>('~/accounts/passwords.server')
  const hashPassword = async (password: string) => {
    const cost = { N: 2 ** 10, r: 8, p: 1 }
    const salt = randomBytes(16)
    const key = scryptSync(password.normalize('NFKC'), salt, 64, cost)
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$')
  }
  let decoyHash: Promise<string> | undefined
  return { ...actual, hashPassword, getDecoyHash: () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex'))) }
}
