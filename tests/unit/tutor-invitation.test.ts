import { expect, test, vi } from 'vitest'

import { withFreshDatabase } from './fresh-database'

const hashes = vi.hoisted(() => ({ made: 0 }))

// Counts the (slow, memory-hard) password hashes made, to show which requests cost one.
vi.mock('~/accounts/passwords.server', async (importOriginal) => {
  const original = await importOriginal<typeof import('~/accounts/passwords.server')>()
  return {
    ...original,
    hashPassword: async (password: string) => {
      hashes.made++
      return original.hashPassword(password)
    },
  }
})

withFreshDatabase('tutor-invitation')

test('an unusable invitation link is refused before any password is hashed, so forged links cost no scrypt', async () => {
  const { acceptTutorInvitation } = await import('~/accounts/invitations.server')
  hashes.made = 0
  await expect(acceptTutorInvitation('no-such-token', 'Tia Tutor', 'secret123')).resolves.toBe('invalid')
  await expect(acceptTutorInvitation('', 'Tia Tutor', 'secret123')).resolves.toBe('invalid')
  expect(hashes.made).toBe(0)
})
