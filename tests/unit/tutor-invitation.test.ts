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

test('an invitation takes over an unproven family account with its address; a proven one is refused', async () => {
  const { acceptInvitation, insertInvitation } = await import('~/db/invitations.server')
  const { confirmEmailWithToken, insertEmailConfirmation, insertUser } = await import('~/db/accounts.server')
  const { getDb } = await import('~/db/database.server')
  const db = await getDb()
  const staff = { userId: 0, name: 'Sam Staff' }
  // A stranger signed up first with the invited address, and is signed in.
  const squatter = (await insertUser({ name: 'Mallory', email: 'newtutor@example.com', passwordHash: 'x' }))!
  await db.insertInto('sessions').values({ token_hash: 'squatter-session', user_id: squatter, expires_at: '2099-01-01T00:00:00.000Z', created_at: '2026-11-26T00:00:00.000Z' }).execute()
  await insertInvitation({ tokenHash: 'invitation-1', tutorId: 'bethan-lloyd', email: 'newtutor@example.com', applicationId: null, by: staff })
  await expect(acceptInvitation('invitation-1', { name: 'Bethan Lloyd', passwordHash: 'tutor-hash' })).resolves.toBe('created')
  expect(await db.selectFrom('users').select(['name', 'role', 'tutor_id', 'password_hash']).where('id', '=', squatter).executeTakeFirst()).toEqual({ name: 'Bethan Lloyd', role: 'tutor', tutor_id: 'bethan-lloyd', password_hash: 'tutor-hash' })
  expect(await db.selectFrom('sessions').selectAll().where('user_id', '=', squatter).execute()).toEqual([])

  const owner = (await insertUser({ name: 'Olive Owner', email: 'owner@example.com', passwordHash: 'x' }))!
  await insertEmailConfirmation('proof', owner, 'owner@example.com', '2099-01-01T00:00:00.000Z')
  await confirmEmailWithToken('proof', owner)
  await insertInvitation({ tokenHash: 'invitation-2', tutorId: 'mei-chen', email: 'owner@example.com', applicationId: null, by: staff })
  await expect(acceptInvitation('invitation-2', { name: 'Mei Chen', passwordHash: 'other' })).resolves.toBe('taken')
})

// The squatter of an invited address may have stored things under the account it opened: none of
// it is the tutor's, who takes the account over, so none of it stays in their account or their copy.
test("a tutor who takes over a squatter's unproven account gets none of what the squatter stored", async () => {
  const { acceptInvitation, insertInvitation } = await import('~/db/invitations.server')
  const { insertResetToken, insertUser } = await import('~/db/accounts.server')
  const { saveLearnerProfile } = await import('~/db/learner-profiles.server')
  const { saveLessonRequest } = await import('~/db/lessons.server')
  const { recordsOfAccount } = await import('~/db/account-records.server')
  const { getDb } = await import('~/db/database.server')
  const db = await getDb()
  const squatter = (await insertUser({ name: 'Mallory', email: 'squatted@example.com', passwordHash: 'x' }))!
  await saveLearnerProfile(squatter, { learnerName: 'Mallory Junior', level: '', subjects: [], goals: 'Squatter words' })
  await insertResetToken('squatter-reset', squatter, '2099-01-01T00:00:00.000Z')
  const slot = { tutorId: 'amelia-hart', slotStart: '2099-06-01T17:00:00.000Z', created_at: '2026-11-26T00:00:00.000Z' }
  await db.insertInto('unproven_lesson_requests').values({ tutor_id: slot.tutorId, slot_start: slot.slotStart, name: 'Mallory', email: 'mallory@evil.test', message: 'Waiting', token_hash: 'w'.repeat(64), user_id: squatter, created_at: slot.created_at }).execute()
  const proven = await saveLessonRequest({ tutorId: slot.tutorId, slotStart: slot.slotStart, name: 'Mallory', email: 'mallory@evil.test', message: 'Proven elsewhere', userId: squatter })
  await insertInvitation({ tokenHash: 'invitation-s', tutorId: 'bethan-lloyd', email: 'squatted@example.com', applicationId: null, by: { userId: 0, name: 'Sam Staff' } })
  await expect(acceptInvitation('invitation-s', { name: 'Bethan Lloyd', passwordHash: 'tutor-hash' })).resolves.toBe('created')
  expect(JSON.stringify(await recordsOfAccount(squatter))).not.toMatch(/Mallory|Squatter words|Waiting|Proven elsewhere/)
  expect(await db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', squatter).execute()).toEqual([])
  // The lesson it asked for at its own address stays that address's, for the office to see.
  expect(await db.selectFrom('lesson_requests').select(['id', 'user_id', 'email']).execute()).toEqual([{ id: proven, user_id: null, email: 'mallory@evil.test' }])
})

// Staff who invite a tutor again (the first address was mistyped) mean the new address: the first
// link, if a stranger's mailbox got it, must not make the tutor's account, see their requests and
// shut the tutor out.
test('a new invitation for a tutor withdraws the one sent before: the earlier link makes no account', async () => {
  const { acceptInvitation, insertInvitation } = await import('~/db/invitations.server')
  const { getDb } = await import('~/db/database.server')
  const db = await getDb()
  const staff = { userId: 0, name: 'Sam Staff' }
  await insertInvitation({ tokenHash: 'mistyped', tutorId: 'rohan-mehta', email: 'rohan@gmial.example', applicationId: null, by: staff })
  await insertInvitation({ tokenHash: 'corrected', tutorId: 'rohan-mehta', email: 'rohan@tutors.example', applicationId: null, by: staff })
  await expect(acceptInvitation('mistyped', { name: 'Not Rohan', passwordHash: 'x' })).resolves.toBe('invalid')
  await expect(acceptInvitation('corrected', { name: 'Rohan Mehta', passwordHash: 'y' })).resolves.toBe('created')
  expect(await db.selectFrom('users').select('email').where('tutor_id', '=', 'rohan-mehta').execute()).toEqual([{ email: 'rohan@tutors.example' }])
})

test('a catalogue tutor has one account: the office cannot invite them again, and a link followed once they have one is spent', async () => {
  const { acceptInvitation, insertInvitation } = await import('~/db/invitations.server')
  const { insertUser } = await import('~/db/accounts.server')
  const { answerInvite } = await import('~/office/invite.server')
  const { getDb } = await import('~/db/database.server')
  const db = await getDb()
  const staff = { userId: 0, name: 'Sam Staff' }
  await insertInvitation({ tokenHash: 'first', tutorId: 'amelia-hart', email: 'amelia@example.com', applicationId: null, by: staff })
  // The tutor's account came about while the link waited (another process's invitation, followed first).
  await insertUser({ name: 'Amelia Hart', email: 'amelia.other@example.com', passwordHash: 'x', tutorId: 'amelia-hart' })
  await expect(acceptInvitation('first', { name: 'Amelia Again', passwordHash: 'y' })).resolves.toBe('tutor-taken')
  expect(await db.selectFrom('users').select('email').where('tutor_id', '=', 'amelia-hart').execute()).toEqual([{ email: 'amelia.other@example.com' }])
  // Spent, so it cannot make an account later, should that one be deleted.
  await expect(acceptInvitation('first', { name: 'Amelia Again', passwordHash: 'y' })).resolves.toBe('invalid')

  const invite = new Request('http://localhost/office/tutors?intent=invite', { method: 'POST', body: new URLSearchParams({ tutorId: 'amelia-hart', email: 'amelia.third@example.com' }) })
  const answer = await answerInvite(invite, staff, null)
  expect(answer.status).toBe(409)
  expect(await answer.json()).toMatchObject({ fieldErrors: { tutorId: 'Dr Amelia Hart already has a tutor account (amelia.other@example.com). To move it to another address, the tutor changes it on their account page.' } })
  expect(await db.selectFrom('tutor_invitations').select('email').where('email', '=', 'amelia.third@example.com').execute()).toEqual([])
})
