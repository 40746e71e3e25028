import { describe, expect, test, vi } from 'vitest'

import { ENGINES, withFreshDatabase } from './fresh-database'

describe.each(ENGINES)('on %s', (engine) => {
  withFreshDatabase(`accounts-${engine}`, {}, engine)

  const ann = { name: 'Ann Lee', email: 'Ann@Example.com', password: 'secret1' }

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

  test('an account is found by its e-mail in any case, with the right password only', async () => {
    const { createAccount, verifyLogin } = await import('~/accounts/accounts.server')
    await expect(createAccount(ann)).resolves.toBe('created')
    await expect(verifyLogin('ANN@example.com', 'secret1')).resolves.toMatchObject({ name: 'Ann Lee', email: 'ann@example.com' })
    await expect(verifyLogin('ann@example.com', 'wrong-one')).resolves.toBeNull()
    await expect(verifyLogin('bob@example.com', 'secret1')).resolves.toBeNull()
  })

  test('signing up again with a registered e-mail leaves the account as it was', async () => {
    const { createAccount, verifyLogin } = await import('~/accounts/accounts.server')
    await createAccount(ann)
    await expect(createAccount({ name: 'Mallory', email: 'ann@example.com', password: 'taken-over' })).resolves.toBe('taken')
    await expect(verifyLogin('ann@example.com', 'taken-over')).resolves.toBeNull()
    await expect(verifyLogin('ann@example.com', 'secret1')).resolves.toMatchObject({ name: 'Ann Lee' })
  })

  test('a reset link works once', async () => {
    const { createAccount, createPasswordResetToken, resetPassword, verifyLogin } = await import('~/accounts/accounts.server')
    await createAccount(ann)
    const reset = (await createPasswordResetToken('ann@example.com'))!
    await expect(resetPassword(reset.token, 'brand-new')).resolves.toBe(true)
    await expect(resetPassword(reset.token, 'again-new')).resolves.toBe(false)
    await expect(verifyLogin('ann@example.com', 'brand-new')).resolves.not.toBeNull()
    await expect(verifyLogin('ann@example.com', 'again-new')).resolves.toBeNull()
  })

  test('a reset link expires after an hour', async () => {
    const { createAccount, createPasswordResetToken, isResetTokenUsable, resetPassword } = await import('~/accounts/accounts.server')
    await createAccount(ann)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'))
    const reset = (await createPasswordResetToken('ann@example.com'))!
    vi.setSystemTime(new Date('2026-11-22T10:59:00Z'))
    expect(await isResetTokenUsable(reset.token)).toBe(true)
    vi.setSystemTime(new Date('2026-11-22T11:00:01Z'))
    expect(await isResetTokenUsable(reset.token)).toBe(false)
    await expect(resetPassword(reset.token, 'brand-new')).resolves.toBe(false)
  })

  test('no reset link is made for an unknown e-mail, and the database keeps only its hash', async () => {
    const { createAccount, createPasswordResetToken } = await import('~/accounts/accounts.server')
    const { getDb } = await import('~/db/database.server')
    await createAccount(ann)
    expect(await createPasswordResetToken('nobody@example.com')).toBeNull()
    const reset = (await createPasswordResetToken('ann@example.com'))!
    const stored = await (await getDb()).selectFrom('password_reset_tokens').select('token_hash').execute()
    expect(stored).toHaveLength(1)
    expect(stored[0]!.token_hash).not.toBe(reset.token)
  })

  test('accounts and messages are still there after the database is closed and opened again', async () => {
    const { createAccount } = await import('~/accounts/accounts.server')
    const { saveContactMessage } = await import('~/db/submissions.server')
    await createAccount(ann)
    await saveContactMessage({ name: 'Bo', email: 'bo@example.com', subject: 'General question', message: 'Hello' })
    const { closeDb } = await import('~/db/database.server')
    await closeDb()

    vi.resetModules()
    const reopened = await import('~/accounts/accounts.server')
    const { getDb } = await import('~/db/database.server')
    await expect(reopened.verifyLogin('ann@example.com', 'secret1')).resolves.toMatchObject({ name: 'Ann Lee' })
    expect(await (await getDb()).selectFrom('contact_messages').select('subject').execute()).toEqual([{ subject: 'General question' }])
  })

  test('five failed logins for one e-mail within 15 minutes throttle it; others are unaffected', async () => {
    const { recordAttemptUnlessThrottled, THROTTLE_LIMITS } = await import('~/db/throttle.server')
    const attempt = (key: string) => recordAttemptUnlessThrottled([[key, THROTTLE_LIMITS.loginPerEmail]])
    for (let count = 0; count < 5; count++) expect(await attempt('email:ann@example.com')).toHaveLength(1)
    expect(await attempt('email:ann@example.com')).toBeNull()
    expect(await attempt('email:bob@example.com')).toHaveLength(1)
  })

  test('the retention clean-up deletes contact messages after 12 months and keeps newer ones', async () => {
    const { getDb } = await import('~/db/database.server')
    const { deleteExpiredRecords } = await import('~/db/retention.server')
    const db = await getDb()
    const message = (text: string, createdAt: string) => ({ name: 'Bo', email: 'bo@example.com', subject: 'General question', message: text, created_at: createdAt })
    await db.insertInto('contact_messages').values([message('old', '2025-11-01T09:00:00.000Z'), message('recent', '2026-06-01T09:00:00.000Z')]).execute()
    await deleteExpiredRecords(new Date('2026-11-22T12:00:00Z').getTime())
    expect(await db.selectFrom('contact_messages').select('message').execute()).toEqual([{ message: 'recent' }])
  })
})
