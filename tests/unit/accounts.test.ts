import { describe, expect, test, vi } from 'vitest'

import { ENGINES, withFreshDatabase } from './fresh-database'

// Accounts here sign in with cheap hashes: the hash itself is tested in passwords.test.ts (cheap-passwords.ts).
vi.mock('~/accounts/passwords.server', async () => (await import('./cheap-passwords')).cheapPasswords())

describe.each(ENGINES)('on %s', (engine) => {
  const outbox = withFreshDatabase(`accounts-${engine}`, {}, engine)

  const ann = { name: 'Ann Lee', email: 'Ann@Example.com', password: 'secret1' }

  test('an account is found by its e-mail in any case, with the right password only', async () => {
    const { createAccount, verifyLogin } = await import('~/accounts/accounts.server')
    await expect(createAccount(ann)).resolves.toBe('created')
    await expect(verifyLogin('ANN@example.com', 'secret1')).resolves.toMatchObject({ user: { name: 'Ann Lee', email: 'ann@example.com' } })
    await expect(verifyLogin('ann@example.com', 'wrong-one')).resolves.toBeNull()
    await expect(verifyLogin('bob@example.com', 'secret1')).resolves.toBeNull()
  })

  test('signing up again with a registered e-mail leaves the account as it was', async () => {
    const { createAccount, verifyLogin } = await import('~/accounts/accounts.server')
    await createAccount(ann)
    await expect(createAccount({ name: 'Mallory', email: 'ann@example.com', password: 'taken-over' })).resolves.toBe('taken')
    await expect(verifyLogin('ann@example.com', 'taken-over')).resolves.toBeNull()
    await expect(verifyLogin('ann@example.com', 'secret1')).resolves.toMatchObject({ user: { name: 'Ann Lee' } })
  })

  test('a reset link works once', async () => {
    const { createAccount, createPasswordResetToken, resetPassword, verifyLogin } = await import('~/accounts/accounts.server')
    await createAccount(ann)
    const reset = (await createPasswordResetToken('ann@example.com'))!
    await expect(resetPassword(reset.token, 'brand-new')).resolves.toBe('ann@example.com')
    await expect(resetPassword(reset.token, 'again-new')).resolves.toBeNull()
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
    await expect(resetPassword(reset.token, 'brand-new')).resolves.toBeNull()
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
    await expect(reopened.verifyLogin('ann@example.com', 'secret1')).resolves.toMatchObject({ user: { name: 'Ann Lee' } })
    expect(await (await getDb()).selectFrom('contact_messages').select('subject').execute()).toEqual([{ subject: 'General question' }])
  })

  test('five failed logins for one e-mail within 15 minutes throttle it; others are unaffected', async () => {
    const { recordAttemptUnlessThrottled, THROTTLE_LIMITS } = await import('~/db/throttle.server')
    const attempt = (key: string) => recordAttemptUnlessThrottled([[key, THROTTLE_LIMITS.loginPerEmail]])
    for (let count = 0; count < 5; count++) expect(await attempt('email:ann@example.com')).toHaveLength(1)
    expect(await attempt('email:ann@example.com')).toBeNull()
    expect(await attempt('email:bob@example.com')).toHaveLength(1)
  })

  test('a sign-up mails its address a confirmation link; the link proves the address once, for its own account only', async () => {
    const { confirmAddress, createAccount, findAddressConfirmation, verifyLogin } = await import('~/accounts/accounts.server')
    const { readdirSync, readFileSync } = await import('node:fs')
    const { getDb } = await import('~/db/database.server')
    await createAccount(ann)
    const { user } = (await verifyLogin('ann@example.com', 'secret1'))!
    expect(user.emailConfirmed).toBe(false)
    const { waitFor } = vi
    const token = await waitFor(() => {
      const mail = readdirSync(outbox.outboxDir).map((file) => readFileSync(`${outbox.outboxDir}/${file}`, 'utf8')).find((text) => text.includes('confirm-email'))
      const found = mail?.replace(/=\r?\n/g, '').match(/confirm-email\?token=3D([\w-]+)|confirm-email\?token=([\w-]+)/)
      if (!found) throw new Error('no confirmation e-mail yet')
      return found[1] ?? found[2]!
    })
    // The database keeps only its hash.
    expect(JSON.stringify(await (await getDb()).selectFrom('email_confirmations').selectAll().execute())).not.toContain(token)
    await expect(findAddressConfirmation(token)).resolves.toEqual({ userId: user.id, email: 'ann@example.com', purpose: 'sign-up' })
    await expect(confirmAddress(token, { id: user.id + 1 })).resolves.toBe('unusable')
    await expect(confirmAddress(token, user)).resolves.toBe('confirmed')
    await expect(confirmAddress(token, user)).resolves.toBe('unusable')
    await expect(verifyLogin('ann@example.com', 'secret1')).resolves.toMatchObject({ user: { emailConfirmed: true } })
  })

  test('confirming an address makes the lesson requests and class places sent with it the account\'s', async () => {
    const { getDb } = await import('~/db/database.server')
    const { confirmEmailWithToken, insertEmailConfirmation, insertUser } = await import('~/db/accounts.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const db = await getDb()
    await saveLessonRequest({ tutorId: 'oliver-grant', slotStart: '2026-12-01T17:00:00.000Z', name: 'Ann', email: 'ANN@example.com', message: '', userId: null })
    await saveLessonRequest({ tutorId: 'oliver-grant', slotStart: '2026-12-02T17:00:00.000Z', name: 'Bob', email: 'bob@example.com', message: '', userId: null })
    await db.insertInto('class_registrations').values({ class_id: 'python-first-steps', session_date: '2026-12-05', session_start: '2026-12-05T10:00:00.000Z', name: 'Ann', email: 'ann@example.com', year_group: 'Year 7', created_at: '2026-11-26T10:00:00.000Z' }).execute()
    const id = (await insertUser({ name: 'Ann', email: 'ann@example.com', passwordHash: 'x' }))!
    await insertEmailConfirmation('hash-of-link', id, 'ann@example.com', '2099-01-01T00:00:00.000Z')
    await expect(confirmEmailWithToken('hash-of-link', id)).resolves.toBe('confirmed')
    expect(await db.selectFrom('lesson_requests').select(['name', 'user_id']).orderBy('name').execute()).toEqual([{ name: 'Ann', user_id: id }, { name: 'Bob', user_id: null }])
    expect(await db.selectFrom('class_registrations').select('user_id').execute()).toEqual([{ user_id: id }])
  })

  test('an expired confirmation link proves nothing', async () => {
    const { confirmEmailWithToken, insertEmailConfirmation, insertUser } = await import('~/db/accounts.server')
    const id = (await insertUser({ name: 'Ann', email: 'ann@example.com', passwordHash: 'x' }))!
    await insertEmailConfirmation('old-link', id, 'ann@example.com', '2020-01-01T00:00:00.000Z')
    await expect(confirmEmailWithToken('old-link', id)).resolves.toBe('unusable')
  })

  test('staff is granted only to an account whose address is proven', async () => {
    const { setStaff } = await import('~/db/accounts.server')
    const { confirmEmailWithToken, insertEmailConfirmation, insertUser } = await import('~/db/accounts.server')
    const id = (await insertUser({ name: 'Sam', email: 'sam@example.com', passwordHash: 'x' }))!
    await expect(setStaff('sam@example.com', true)).resolves.toBe('unconfirmed')
    await insertEmailConfirmation('link', id, 'sam@example.com', '2099-01-01T00:00:00.000Z')
    await confirmEmailWithToken('link', id)
    await expect(setStaff('sam@example.com', true)).resolves.toBe('granted')
  })

  test('logging in again ends the session the browser had: its old token no longer signs anyone in', async () => {
    const { createAccount } = await import('~/accounts/accounts.server')
    const { getSessionUser } = await import('~/accounts/session.server')
    const { action } = await import('~/routes/login/login.server')
    await createAccount(ann)
    const logIn = async (cookie = '') => {
      const body = new URLSearchParams({ email: ann.email, password: ann.password, redirectTo: '/dashboard' })
      const response = await action({ request: new Request('http://localhost/login', { method: 'POST', body, headers: { Cookie: cookie } }), params: {}, context: {} })
      return /(__session=[^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')![1]!
    }
    const first = await logIn()
    const second = await logIn(first)
    const signedIn = (cookie: string) => getSessionUser(new Request('http://localhost/', { headers: { Cookie: cookie } }))
    await expect(signedIn(first)).resolves.toBeNull()
    await expect(signedIn(second)).resolves.toMatchObject({ name: 'Ann Lee' })
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
