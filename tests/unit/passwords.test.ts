import { expect, test } from 'vitest'

test('a password is stored as a salted scrypt hash that verifies only the same password', async () => {
  const { hashPassword, verifyPassword } = await import('~/accounts/passwords.server')
  const first = await hashPassword('secret1')
  const second = await hashPassword('secret1')
  expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
  expect(first).not.toBe(second)
  expect(first).not.toContain('secret1')
  await expect(verifyPassword('secret1', first)).resolves.toBe(true)
  await expect(verifyPassword('secret2', first)).resolves.toBe(false)
})
