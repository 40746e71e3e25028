// A family's own account (issue 28), on both engines: an address change moves what is the account's
// and nothing else, the copy of its data holds nothing about anyone else, and deleting it does to
// each table what the privacy notice says.
import { sql } from 'kysely'
import { describe, expect, test, vi } from 'vitest'

import { ENGINES, withFreshDatabase } from './fresh-database'

// Accounts here sign in with cheap hashes: this file is not about the hash (cheap-passwords.ts).
vi.mock('~/accounts/passwords.server', async () => (await import('./cheap-passwords')).cheapPasswords())

const FUTURE_SLOT = '2099-06-01T17:00:00.000Z'
const PAST_SLOT = '2020-06-01T17:00:00.000Z'

describe.each(ENGINES)('on %s', (engine) => {
  withFreshDatabase(`own-account-${engine}`, {}, engine)

  /** An account whose address is proven, as a sign-up's link proves it. */
  async function provenAccount(email: string, role: 'family' | 'staff' = 'family') {
    const { getDb } = await import('~/db/database.server')
    const { confirmEmailWithToken, insertEmailConfirmation, insertUser } = await import('~/db/accounts.server')
    const id = (await insertUser({ name: email.split('@')[0]!, email, passwordHash: 'x' }))!
    await insertEmailConfirmation(`link-${email}`, id, email, '2099-01-01T00:00:00.000Z')
    expect(await confirmEmailWithToken(`link-${email}`, id)).toBe('confirmed')
    if (role === 'staff') await (await getDb()).updateTable('users').set({ role }).where('id', '=', id).execute()
    return id
  }

  async function place(email: string, classId: string, userId: number | null) {
    const { getDb } = await import('~/db/database.server')
    await (await getDb())
      .insertInto('class_registrations')
      .values({ class_id: classId, session_date: '2099-06-05', session_start: '2099-06-05T10:00:00.000Z', name: 'A', email, year_group: 'Year 7', created_at: '2026-11-26T10:00:00.000Z', user_id: userId })
      .execute()
  }

  test('a change link moves the account, its requests, places and newsletter to the new address, once', async () => {
    const { getDb } = await import('~/db/database.server')
    const { confirmEmailWithToken, findEmailConfirmation, insertEmailConfirmation } = await import('~/db/accounts.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { confirmSubscription, subscribeToNewsletter } = await import('~/db/newsletter.server')
    const db = await getDb()
    const id = await provenAccount('ann@example.com')
    await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: FUTURE_SLOT, name: 'Ann', email: 'ann@example.com', message: '', userId: id })
    await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: FUTURE_SLOT, name: 'Bob', email: 'bob@example.com', message: '', userId: null })
    await place('ann@example.com', 'python-first-steps', id)
    await confirmSubscription((await subscribeToNewsletter('ann@example.com'))!)
    // Someone typed the new address into the newsletter box, and it waits for its owner.
    await subscribeToNewsletter('ann.new@example.com')
    // A request Ann sent signed out, waiting for its link: it moves with her, so nothing goes to the old address.
    const waiting = { tutor_id: 'amelia-hart', slot_start: FUTURE_SLOT, name: 'Ann', message: '', created_at: '2026-01-01T00:00:00.000Z' }
    await db.insertInto('unproven_lesson_requests').values({ ...waiting, email: 'ann@example.com', token_hash: 'a'.repeat(64), user_id: null }).execute()
    // One she sent signed in naming someone else's address: its link went to them, and it keeps their address.
    await db.insertInto('unproven_lesson_requests').values({ ...waiting, email: 'bob@example.com', token_hash: 'b'.repeat(64), user_id: id }).execute()

    await insertEmailConfirmation('first-change', id, 'ann.old-idea@example.com', '2099-01-01T00:00:00.000Z', 'change')
    await insertEmailConfirmation('change', id, 'Ann.New@example.com', '2099-01-01T00:00:00.000Z', 'change')
    // Only the newest change can be confirmed; until it is, the account keeps its address.
    await expect(findEmailConfirmation('first-change')).resolves.toBeNull()
    await expect(findEmailConfirmation('change')).resolves.toEqual({ userId: id, email: 'ann.new@example.com', purpose: 'change' })
    expect(await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst()).toEqual({ email: 'ann@example.com' })

    await expect(confirmEmailWithToken('change', id + 1)).resolves.toBe('unusable')
    await expect(confirmEmailWithToken('change', id)).resolves.toBe('changed')
    await expect(confirmEmailWithToken('change', id)).resolves.toBe('unusable')
    expect(await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst()).toEqual({ email: 'ann.new@example.com' })
    expect(await db.selectFrom('lesson_requests').select(['name', 'email']).orderBy('name').execute()).toEqual([
      { name: 'Ann', email: 'ann.new@example.com' },
      { name: 'Bob', email: 'bob@example.com' },
    ])
    expect(await db.selectFrom('class_registrations').select('email').execute()).toEqual([{ email: 'ann.new@example.com' }])
    expect(await db.selectFrom('unproven_lesson_requests').select(['email', 'user_id']).orderBy('email').execute()).toEqual([
      { email: 'ann.new@example.com', user_id: id },
      { email: 'bob@example.com', user_id: id },
    ])
    // Ann's confirmed subscription moved, in place of the one still waiting there.
    const subscribers = await db.selectFrom('newsletter_subscribers').select(['email', 'confirmed_at']).execute()
    expect(subscribers).toEqual([{ email: 'ann.new@example.com', confirmed_at: expect.any(String) }])
  })

  test("a request another account sent with the address stays that account's: not in the copy, not moved, not deleted", async () => {
    const { getDb } = await import('~/db/database.server')
    const { recordsOfAccount, deleteAccountRecords } = await import('~/db/account-records.server')
    const { confirmEmailWithToken, insertEmailConfirmation } = await import('~/db/accounts.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const vera = await provenAccount('vera@example.com')
    const bea = await provenAccount('bea@example.com')
    await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: FUTURE_SLOT, name: 'Bea', email: 'vera@example.com', message: "Bea's own words", userId: bea })
    await place('vera@example.com', 'python-first-steps', bea)
    expect(JSON.stringify(await recordsOfAccount(vera))).not.toContain("Bea's own words")
    await insertEmailConfirmation('move', vera, 'vera.new@example.com', '2099-01-01T00:00:00.000Z', 'change')
    await expect(confirmEmailWithToken('move', vera)).resolves.toBe('changed')
    await expect(deleteAccountRecords(vera)).resolves.toMatchObject({ done: true })
    const db = await getDb()
    expect(await db.selectFrom('lesson_requests').select(['user_id', 'email']).execute()).toEqual([{ user_id: bea, email: 'vera@example.com' }])
    expect(await db.selectFrom('class_registrations').select(['user_id', 'email']).execute()).toEqual([{ user_id: bea, email: 'vera@example.com' }])
  })

  // Ann, signed in, asked for a lesson for Bob at Bob's address, and Bob's link proved it: the lesson
  // is Ann's to manage, but its e-mails are Bob's. Ann's move once took them to her new address, and
  // her deletion cancelled the lesson with Bob told nothing.
  test("a lesson an account asked for at another's address keeps that address when the account moves, and that address is told when the account's deletion cancels it", async () => {
    const { getDb } = await import('~/db/database.server')
    const { confirmEmailWithToken, insertEmailConfirmation } = await import('~/db/accounts.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { deleteAccount } = await import('~/accounts/own-account.server')
    const { lessonsOnDeletion } = await import('~/lessons/cancellations.server')
    const db = await getDb()
    const ann = await provenAccount('ann@example.com')
    const forBob = (await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: FUTURE_SLOT, name: 'Bob', email: 'bob@example.com', message: '', userId: ann }))!
    const forAnn = (await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: '2099-06-02T17:00:00.000Z', name: 'Ann', email: 'ann@example.com', message: '', userId: ann }))!
    await db.updateTable('lesson_requests').set({ status: 'confirmed', decided_at: PAST_SLOT }).where('id', 'in', [forBob, forAnn]).execute()
    await insertEmailConfirmation('move', ann, 'ann.new@example.com', '2099-01-01T00:00:00.000Z', 'change')
    await expect(confirmEmailWithToken('move', ann)).resolves.toBe('changed')
    expect(await db.selectFrom('lesson_requests').select(['id', 'email', 'user_id']).orderBy('id').execute()).toEqual([
      { id: forBob, email: 'bob@example.com', user_id: ann },
      { id: forAnn, email: 'ann.new@example.com', user_id: ann },
    ])
    const now = new Date('2026-11-26T12:00:00Z')
    await expect(deleteAccount({ id: ann }, await lessonsOnDeletion(now), now)).resolves.toMatchObject({ done: true })
    const mails = await db.selectFrom('mail_queue').select(['recipient', 'subject']).execute()
    expect(mails.filter((mail) => mail.recipient === 'bob@example.com').map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Cancelled: your lesson with /)])
    // The deleted account's own address is gone: nothing is sent to it.
    expect(mails.map((mail) => mail.recipient)).not.toContain('ann.new@example.com')
  })

  test('moving to an address that holds a place in the same class session keeps one place, then moves on again', async () => {
    const { getDb } = await import('~/db/database.server')
    const { confirmEmailWithToken, insertEmailConfirmation } = await import('~/db/accounts.server')
    const id = await provenAccount('ann@example.com')
    await place('ann@example.com', 'python-first-steps', id)
    await place('ann.new@example.com', 'python-first-steps', null)
    await insertEmailConfirmation('move', id, 'ann.new@example.com', '2099-01-01T00:00:00.000Z', 'change')
    await expect(confirmEmailWithToken('move', id)).resolves.toBe('changed')
    const db = await getDb()
    expect(await db.selectFrom('class_registrations').select(['user_id', 'email']).execute()).toEqual([{ user_id: id, email: 'ann.new@example.com' }])
    await insertEmailConfirmation('move-again', id, 'ann.third@example.com', '2099-01-01T00:00:00.000Z', 'change')
    await expect(confirmEmailWithToken('move-again', id)).resolves.toBe('changed')
    expect(await db.selectFrom('class_registrations').select(['user_id', 'email']).execute()).toEqual([{ user_id: id, email: 'ann.third@example.com' }])
  })

  test('a change link does not take an address another account has by then', async () => {
    const { confirmEmailWithToken, getUserById, insertEmailConfirmation } = await import('~/db/accounts.server')
    const ann = await provenAccount('ann@example.com')
    await insertEmailConfirmation('change', ann, 'bob@example.com', '2099-01-01T00:00:00.000Z', 'change')
    await provenAccount('bob@example.com')
    await expect(confirmEmailWithToken('change', ann)).resolves.toBe('taken')
    await expect(getUserById(ann)).resolves.toMatchObject({ email: 'ann@example.com' })
  })

  test('a new password ends every other session of the account, and its reset links', async () => {
    const { getDb } = await import('~/db/database.server')
    const { changePasswordHash, insertResetToken, isResetTokenUsable } = await import('~/db/accounts.server')
    const { insertSession } = await import('~/db/sessions.server')
    const id = await provenAccount('ann@example.com')
    await insertSession('this-one', id, '2099-01-01T00:00:00.000Z')
    await insertSession('other-one', id, '2099-01-01T00:00:00.000Z')
    await insertResetToken('reset', id, '2099-01-01T00:00:00.000Z')
    await changePasswordHash(id, 'new-hash', 'this-one')
    expect(await (await getDb()).selectFrom('sessions').select('token_hash').execute()).toEqual([{ token_hash: 'this-one' }])
    await expect(isResetTokenUsable('reset')).resolves.toBe(false)
  })

  // Someone who knew the password asked to move the account to their own address; the owner takes it back.
  test.each(['changed signed in', 'reset by its link'])('a password %s ends a pending move to another address', async (how) => {
    const { changePasswordHash, findEmailConfirmation, insertEmailConfirmation, insertResetToken, pendingAddressChange, resetPasswordWithToken } = await import('~/db/accounts.server')
    const id = await provenAccount('ann@example.com')
    await insertEmailConfirmation('move', id, 'intruder@example.com', '2099-01-01T00:00:00.000Z', 'change')
    if (how === 'changed signed in') {
      await changePasswordHash(id, 'new-hash', 'this-one')
    } else {
      await insertResetToken('reset', id, '2099-01-01T00:00:00.000Z')
      await expect(resetPasswordWithToken('reset', 'new-hash')).resolves.toBe('ann@example.com')
    }
    await expect(findEmailConfirmation('move')).resolves.toBeNull()
    await expect(pendingAddressChange(id)).resolves.toBeNull()
  })

  test('the copy of an account holds its records and nothing of anyone else', async () => {
    const { recordsOfAccount } = await import('~/db/account-records.server')
    const { saveLearnerProfile } = await import('~/db/learner-profiles.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { getDb } = await import('~/db/database.server')
    const id = await provenAccount('ann@example.com')
    await saveLearnerProfile(id, { learnerName: 'Theo', level: 'IGCSE', subjects: ['Physics'], goals: 'Grade 8' })
    const request = (await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: FUTURE_SLOT, name: 'Ann', email: 'ann@example.com', message: 'Hi', userId: id, learner: { learnerName: 'Theo', level: 'IGCSE', subjects: ['Physics'], goals: 'Grade 8' } }))!
    await (await getDb()).insertInto('history').values({ item_type: 'lesson_request', item_id: request, action: 'confirmed', by_user_id: 1, by_name: 'Sam Staff', at: '2026-11-26T10:00:00.000Z' }).execute()
    await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: FUTURE_SLOT, name: 'Bob', email: 'bob@example.com', message: 'Bob here', userId: null })
    await (await getDb()).insertInto('contact_messages').values({ name: 'Bob', email: 'bob@example.com', subject: 'Other', message: 'Not Ann', created_at: '2026-11-26T10:00:00.000Z' }).execute()
    // The record of each e-mail sent to the account's address is the account's too, without its text; another's is not.
    const { insertMail } = await import('~/db/mail-queue.server')
    const queuedAt = new Date(Date.now() + 60_000)
    await insertMail({ message: { to: 'Ann@example.com', subject: 'Confirmed: lesson with Dr Amelia Hart', text: 'A live link' }, what: 'a lesson decision' }, queuedAt)
    await insertMail({ message: { to: 'bob@example.com', subject: 'Bob here', text: 'Not Ann' }, what: 'a lesson decision' }, queuedAt)
    const copy = (await recordsOfAccount(id))!
    expect(copy.emailsSent).toEqual([{ subject: 'Confirmed: lesson with Dr Amelia Hart', status: 'queued', queuedAt: queuedAt.toISOString(), sentAt: null }])
    expect(copy.account).toMatchObject({ email: 'ann@example.com' })
    expect(copy.learnerProfile).toEqual({ learnerName: 'Theo', level: 'IGCSE', subjects: ['Physics'], goals: 'Grade 8' })
    expect(copy.lessonRequests).toEqual([expect.objectContaining({ name: 'Ann', learner: expect.objectContaining({ learnerName: 'Theo' }), history: [{ action: 'confirmed', at: '2026-11-26T10:00:00.000Z' }] })])
    const text = JSON.stringify(copy)
    for (const other of ['bob@example.com', 'Bob here', 'Not Ann', 'Sam Staff', 'password', '"x"', 'A live link']) expect(text).not.toContain(other)
  })

  test('records sent with an address are not in the copy of an account that has not proven it', async () => {
    const { recordsOfAccount } = await import('~/db/account-records.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: FUTURE_SLOT, name: 'Ann', email: 'ann@example.com', message: 'The real Ann', userId: null })
    const squatter = (await insertUser({ name: 'Mallory', email: 'ann@example.com', passwordHash: 'x' }))!
    expect((await recordsOfAccount(squatter))!.lessonRequests).toEqual([])
  })

  test('deleting a family: sessions, links and profile go; unconfirmed requests and places go; confirmed lessons stay without the family; upcoming ones are cancelled', async () => {
    const { deleteAccountRecords } = await import('~/db/account-records.server')
    const { getDb } = await import('~/db/database.server')
    const { insertResetToken, insertUser } = await import('~/db/accounts.server')
    const { saveLearnerProfile } = await import('~/db/learner-profiles.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { insertSession } = await import('~/db/sessions.server')
    const { subscribeToNewsletter } = await import('~/db/newsletter.server')
    const db = await getDb()
    const id = await provenAccount('ann@example.com')
    await insertSession('session', id, '2099-01-01T00:00:00.000Z')
    await insertResetToken('reset', id, '2099-01-01T00:00:00.000Z')
    await saveLearnerProfile(id, { learnerName: 'Theo', level: '', subjects: [], goals: '' })
    const lesson = async (slotStart: string, name: string) => (await saveLessonRequest({ tutorId: 'amelia-hart', slotStart, name, email: 'ann@example.com', message: 'Private', userId: id }))!
    const waiting = await lesson(FUTURE_SLOT, 'waiting')
    const upcoming = await lesson('2099-06-02T17:00:00.000Z', 'upcoming')
    const taught = await lesson(PAST_SLOT, 'taught')
    await db.updateTable('lesson_requests').set({ status: 'confirmed', decided_at: PAST_SLOT }).where('id', 'in', [upcoming, taught]).execute()
    // A request withdrawn before anyone answered it was never confirmed either.
    const withdrawn = await lesson('2099-06-03T17:00:00.000Z', 'withdrawn')
    await db.updateTable('lesson_requests').set({ status: 'cancelled' }).where('id', '=', withdrawn).execute()
    // What the family did to a lesson it keeps is in its history, under its name.
    await db.insertInto('history').values({ item_type: 'lesson_request', item_id: taught, action: 'late-cancelled by the family', by_user_id: id, by_name: 'Ann Secretname', at: PAST_SLOT }).execute()
    await place('ann@example.com', 'python-first-steps', id)
    await subscribeToNewsletter('ann@example.com')
    await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: FUTURE_SLOT, name: 'Bob', email: 'bob@example.com', message: '', userId: null })

    const deletion = await deleteAccountRecords(id, new Date('2026-11-26T12:00:00Z'))
    expect(deletion).toMatchObject({ done: true, cancelled: [expect.objectContaining({ id: upcoming })] })
    for (const table of ['users', 'sessions', 'password_reset_tokens', 'email_confirmations', 'learner_profiles', 'class_registrations', 'newsletter_subscribers'] as const) {
      const rows = await db.selectFrom(table).selectAll().execute()
      expect(JSON.stringify(rows), table).not.toContain('ann@example.com')
      if (table !== 'users') expect(rows, table).toEqual([])
    }
    expect(await db.selectFrom('lesson_requests').select(['id', 'name', 'email', 'message', 'status', 'user_id', 'learner']).orderBy('id').execute()).toEqual([
      { id: upcoming, name: 'Deleted account', email: '', message: '', status: 'cancelled', user_id: null, learner: null },
      { id: taught, name: 'Deleted account', email: '', message: '', status: 'confirmed', user_id: null, learner: null },
      expect.objectContaining({ name: 'Bob', email: 'bob@example.com' }),
    ])
    expect(await db.selectFrom('lesson_requests').select('id').where('id', 'in', [waiting, withdrawn]).execute()).toEqual([])
    // The kept lessons' history says what the family did, no longer who it was.
    expect(await db.selectFrom('history').select(['action', 'by_user_id', 'by_name']).where('item_id', '=', taught).execute()).toEqual([
      { action: 'late-cancelled by the family', by_user_id: null, by_name: 'the family (account deleted)' },
    ])
    // The address can open an account again.
    await expect(insertUser({ name: 'Ann again', email: 'ann@example.com', passwordHash: 'y' })).resolves.not.toBeNull()
  })

  test('deleting a family less than 24 hours before a confirmed lesson cancels it late, as the policy has it: it counts as attended and keeps its time', async () => {
    const { deleteAccount } = await import('~/accounts/own-account.server')
    const { lessonsOnDeletion } = await import('~/lessons/cancellations.server')
    const { getDb } = await import('~/db/database.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const db = await getDb()
    const id = await provenAccount('ann@example.com')
    const hoursAhead = (hours: number) => new Date(Math.ceil((Date.now() + hours * 3_600_000) / 3_600_000) * 3_600_000).toISOString()
    const lesson = (slotStart: string) => saveLessonRequest({ tutorId: 'amelia-hart', slotStart, name: 'Ann', email: 'ann@example.com', message: '', userId: id })
    const soon = await lesson(hoursAhead(2))
    const later = await lesson(hoursAhead(72))
    await db.updateTable('lesson_requests').set({ status: 'confirmed' }).where('id', 'in', [soon, later]).execute()

    expect(await deleteAccount({ id }, await lessonsOnDeletion(new Date()))).toMatchObject({ done: true })
    expect(await db.selectFrom('lesson_requests').select(['id', 'status']).orderBy('id').execute()).toEqual([
      { id: soon, status: 'late-cancelled' },
      { id: later, status: 'cancelled' },
    ])
    expect((await db.selectFrom('history').select('action').where('item_id', '=', soon).execute()).map((line) => line.action)).toEqual(['late-cancelled'])
    const { openMessage } = await import('~/db/mail-queue.server')
    const office = (await db.selectFrom('mail_queue').select(['subject', 'message']).orderBy('id').execute()).map((row) => ({ subject: row.subject, text: openMessage(row.message!)!.text }))
    expect(office[0]).toMatchObject({ subject: expect.stringMatching(/^Cancelled late: /), text: expect.stringContaining('counts as attended') })
    expect(office[1]).toMatchObject({ subject: expect.stringMatching(/^Cancelled: /), text: expect.stringContaining('the time is free again') })
  })

  test("a lesson a family's deletion cancels leaves its tutor's calendar: the tutor's notice carries the same event, cancelled", async () => {
    const { deleteAccount } = await import('~/accounts/own-account.server')
    const { lessonsOnDeletion } = await import('~/lessons/cancellations.server')
    const { getDb } = await import('~/db/database.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const db = await getDb()
    await insertUser({ name: 'Amelia', email: 'amelia@example.com', passwordHash: 'x', tutorId: 'amelia-hart' })
    const id = await provenAccount('ann@example.com')
    const slotStart = new Date(Math.ceil((Date.now() + 72 * 3_600_000) / 3_600_000) * 3_600_000).toISOString()
    const lesson = (await saveLessonRequest({ tutorId: 'amelia-hart', slotStart, name: 'Ann', email: 'ann@example.com', message: '', userId: id }))!
    await db.updateTable('lesson_requests').set({ status: 'confirmed' }).where('id', '=', lesson).execute()

    const now = new Date()
    expect(await deleteAccount({ id }, await lessonsOnDeletion(now))).toMatchObject({ done: true })
    const mails = await db.selectFrom('mail_queue').select(['recipient', 'message']).orderBy('id').execute()
    const { openMessage } = await import('~/db/mail-queue.server')
    const sent = mails.map((mail) => ({ to: mail.recipient, ...openMessage(mail.message!) }))
    const tutors = sent.find((mail) => mail.to === 'amelia@example.com')
    expect(tutors?.icalEvent?.content).toContain(`UID:lesson-${lesson}@`)
    expect(tutors?.icalEvent?.content).toContain('STATUS:CANCELLED')
    expect(tutors?.icalEvent?.content).toContain('SEQUENCE:1')
    expect(tutors?.icalEvent?.content).toContain('SUMMARY:Brightwell Tutoring lesson: the family (account deleted)')
    // The office's notice is not a calendar's.
    expect(sent.find((mail) => mail.to !== 'amelia@example.com')?.icalEvent).toBeUndefined()
  })

  test("the copy of a staff account holds what it did in the office, saying what and when but not whom it concerned", async () => {
    const { recordsOfAccount } = await import('~/db/account-records.server')
    const { insertInvitation } = await import('~/db/invitations.server')
    const { cancelClassPlace } = await import('~/db/office.server')
    const { getDb } = await import('~/db/database.server')
    const id = await provenAccount('sam@example.com', 'staff')
    const by = { userId: id, name: 'Sam' }
    await insertInvitation({ tokenHash: 'h'.repeat(64), tutorId: 'amelia-hart', email: 'amelia.private@example.com', applicationId: null, by })
    await place('bea.private@example.com', 'python-first-steps', null)
    const placeId = (await (await getDb()).selectFrom('class_registrations').select('id').executeTakeFirstOrThrow()).id
    await cancelClassPlace(placeId, by)

    const records = await recordsOfAccount(id)
    expect(records?.actionsTaken).toEqual([
      { itemType: 'tutor_invitation', itemId: expect.any(Number), action: 'invited a tutor', at: expect.any(String) },
      { itemType: 'class_registration', itemId: placeId, action: 'cancelled a class place', at: expect.any(String) },
    ])
    expect(JSON.stringify(records)).not.toMatch(/private@example\.com/)
  })

  // The office's line of a place it cancelled named the family and its address, and outlived both the
  // place (12 months) and the account: the privacy notice says a deleted account's places go with their history.
  test("a class place the office cancelled leaves no line naming the family or its address", async () => {
    const { deleteAccountRecords } = await import('~/db/account-records.server')
    const { cancelClassPlace } = await import('~/db/office.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const staff = await provenAccount('sam@example.com', 'staff')
    const family = await provenAccount('theo.family@example.com')
    await place('theo.family@example.com', 'python-first-steps', family)
    await db.updateTable('class_registrations').set({ name: 'Theo Secretname' }).execute()
    const placeId = (await db.selectFrom('class_registrations').select('id').executeTakeFirstOrThrow()).id
    await cancelClassPlace(placeId, { userId: staff, name: 'Sam' })
    await expect(deleteAccountRecords(family)).resolves.toMatchObject({ done: true })
    expect(JSON.stringify(await db.selectFrom('history').selectAll().execute())).not.toMatch(/theo\.family|Secretname/)
    // Lines written before, as they were then.
    const { classPlaceLinesUnnamed } = await import('~/db/migrations.server')
    const before = { item_type: 'class_registration' as const, item_id: 99, by_user_id: staff, by_name: 'Sam', at: '2026-11-26T10:00:00.000Z' }
    await db.insertInto('history').values({ ...before, action: 'cancelled the place of Theo Secretname <theo.family@example.com> at python-first-steps on 2099-06-05' }).execute()
    await classPlaceLinesUnnamed.up(db)
    expect(await db.selectFrom('history').select('action').where('item_id', '=', 99).execute()).toEqual([{ action: 'cancelled a class place' }])
  })

  // A tutor who moved their account to another address, then deleted it: the invitation to the first
  // address, and the office's line naming it, stayed; the privacy notice says both go.
  test('a tutor who deletes their account takes the invitations to each address they had with it', async () => {
    const { deleteAccountRecords } = await import('~/db/account-records.server')
    const { acceptInvitation, insertInvitation } = await import('~/db/invitations.server')
    const { findUserByEmail } = await import('~/db/accounts.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const staff = await provenAccount('sam@example.com', 'staff')
    await insertInvitation({ tokenHash: 'o'.repeat(64), tutorId: 'amelia-hart', email: 'amelia.old@example.com', applicationId: null, by: { userId: staff, name: 'Sam' } })
    await expect(acceptInvitation('o'.repeat(64), { name: 'Amelia Hart', passwordHash: 'x' })).resolves.toBe('created')
    const tutor = (await findUserByEmail('amelia.old@example.com'))!.user
    await db.updateTable('users').set({ email: 'amelia.new@example.com' }).where('id', '=', tutor.id).execute()
    await expect(deleteAccountRecords(tutor.id)).resolves.toMatchObject({ done: true })
    expect(await db.selectFrom('tutor_invitations').select('email').execute()).toEqual([])
    expect(JSON.stringify(await db.selectFrom('history').selectAll().execute())).not.toMatch(/amelia\.(old|new)/)
  })

  // The privacy notice: a new account with a deleted one's address gets nothing of the deleted account
  // back. The record of each e-mail to the address is kept 30 days, as for everyone, but it is the new
  // account's only from when the account was opened.
  test("a new account at a deleted account's address does not get the deleted account's e-mail records", async () => {
    const { deleteAccountRecords, recordsOfAccount } = await import('~/db/account-records.server')
    const { insertMail } = await import('~/db/mail-queue.server')
    const { getDb } = await import('~/db/database.server')
    const first = await provenAccount('cleo@example.com')
    await insertMail({ message: { to: 'cleo@example.com', subject: 'Confirmed: lesson with Dr Amelia Hart, Mon 1 June', text: 'Theirs' }, what: 'a lesson decision' }, new Date())
    await expect(deleteAccountRecords(first)).resolves.toMatchObject({ done: true })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await provenAccount('cleo@example.com')
    await insertMail({ message: { to: 'cleo@example.com', subject: 'Yours', text: 'Mine' }, what: 'a lesson decision' }, new Date(Date.now() + 1))
    expect((await recordsOfAccount(second))!.emailsSent.map((mail) => mail.subject)).toEqual(['Yours'])
    // The records themselves stay their 30 days, for the office's mail log.
    expect(await (await getDb()).selectFrom('mail_queue').select('subject').where('recipient', '=', 'cleo@example.com').orderBy('id').execute()).toHaveLength(2)
  })

  test("an account that never proved its address deletes nothing sent to that address: a tutor's invitation to it stays usable", async () => {
    const { deleteAccountRecords } = await import('~/db/account-records.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { insertInvitation } = await import('~/db/invitations.server')
    const { getDb } = await import('~/db/database.server')
    const staff = await provenAccount('sam@example.com', 'staff')
    await insertInvitation({ tokenHash: 'i'.repeat(64), tutorId: 'eleanor-whitfield', email: 'eleanor@example.com', applicationId: null, by: { userId: staff, name: 'Sam' } })
    const squatter = (await insertUser({ name: 'Mallory', email: 'Eleanor@example.com', passwordHash: 'x' }))!
    await expect(deleteAccountRecords(squatter)).resolves.toMatchObject({ done: true })
    const db = await getDb()
    expect(await db.selectFrom('tutor_invitations').select(['email', 'token_hash']).execute()).toEqual([{ email: 'eleanor@example.com', token_hash: 'i'.repeat(64) }])
    expect(await db.selectFrom('history').select('action').where('item_type', '=', 'tutor_invitation').execute()).toEqual([{ action: 'invited eleanor@example.com' }])
  })

  test('a tutor with confirmed lessons still to come cannot delete their account: the families would be left with a lesson no one teaches', async () => {
    const { deleteAccountRecords } = await import('~/db/account-records.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const tutor = (await insertUser({ name: 'Kwame', email: 'kwame@example.com', passwordHash: 'x', tutorId: 'kwame-mensah' }))!
    await saveLessonRequest({ tutorId: 'kwame-mensah', slotStart: PAST_SLOT, name: 'Ann', email: 'ann@example.com', message: '', userId: null })
    await saveLessonRequest({ tutorId: 'kwame-mensah', slotStart: FUTURE_SLOT, name: 'Bea', email: 'bea@example.com', message: '', userId: null })
    await db.updateTable('lesson_requests').set({ status: 'confirmed' }).execute()
    await expect(deleteAccountRecords(tutor)).resolves.toEqual({ done: false, reason: 'tutor-lessons' })
    expect(await db.selectFrom('users').select('id').where('id', '=', tutor).execute()).toEqual([{ id: tutor }])
    // Once the tutor has cancelled it (the family is told), the account can go.
    await db.updateTable('lesson_requests').set({ status: 'cancelled' }).where('slot_start', '=', FUTURE_SLOT).execute()
    await expect(deleteAccountRecords(tutor)).resolves.toMatchObject({ done: true })
  })

  // The office closes a tutor's account: the one it was shown, and only what is that account's as a
  // tutor. What its address booked as a family stays, uncancelled (an invitation followed by a parent
  // with a lesson of her own once cancelled it late, charged as attended).
  test("the office closes a tutor's account it was shown, and nothing its address booked as a family", async () => {
    const { closeTutorAccount } = await import('~/db/account-records.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const sam = { userId: await provenAccount('sam@example.com', 'staff'), name: 'Sam Staff' }
    const notice = ({ email, name }: { email: string; name: string }) => [{ message: { to: email, subject: `Closed, ${name}`, text: 'Closed.' }, what: 'a test notice' }]
    await expect(closeTutorAccount('tomasz-nowak', 'ann@example.com', sam, notice)).resolves.toEqual({ done: false, reason: 'not-found' })
    const tutor = (await insertUser({ name: 'Ann Parent', email: 'ann@example.com', passwordHash: 'x', tutorId: 'tomasz-nowak' }))!
    await db.updateTable('users').set({ email_confirmed_at: '2026-11-01T00:00:00.000Z' }).where('id', '=', tutor).execute()
    await db.insertInto('sessions').values({ token_hash: 'h'.repeat(64), user_id: tutor, created_at: '2026-11-01T00:00:00.000Z', expires_at: '2099-01-01T00:00:00.000Z' }).execute()
    // Her own lesson with another tutor, sent signed out with her address, confirmed and two hours away; and a class place.
    const own = await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: new Date(Date.now() + 2 * 60 * 60_000).toISOString(), name: 'Ann', email: 'ann@example.com', message: '', userId: null })
    await db.updateTable('lesson_requests').set({ status: 'confirmed' }).where('id', '=', own).execute()
    await place('ann@example.com', 'python-first-steps', null)
    // A confirmed lesson Tomasz still has to teach: refused, as his own deletion would be.
    const teaching = await saveLessonRequest({ tutorId: 'tomasz-nowak', slotStart: FUTURE_SLOT, name: 'Bea', email: 'bea@example.com', message: '', userId: null })
    await db.updateTable('lesson_requests').set({ status: 'confirmed' }).where('id', '=', teaching).execute()
    await expect(closeTutorAccount('tomasz-nowak', 'ann@example.com', sam, notice)).resolves.toEqual({ done: false, reason: 'tutor-lessons' })
    await db.updateTable('lesson_requests').set({ status: 'cancelled' }).where('id', '=', teaching).execute()
    // A step shown for another address closes nothing.
    await expect(closeTutorAccount('tomasz-nowak', 'mallory@example.com', sam, notice)).resolves.toEqual({ done: false, reason: 'changed' })

    await expect(closeTutorAccount('tomasz-nowak', 'Ann@example.com', sam, notice)).resolves.toEqual({ done: true, email: 'ann@example.com', name: 'Ann Parent' })
    expect(await db.selectFrom('users').select('id').where('id', '=', tutor).execute()).toEqual([])
    expect(await db.selectFrom('sessions').select('user_id').where('user_id', '=', tutor).execute()).toEqual([])
    expect(await db.selectFrom('lesson_requests').select(['id', 'status']).where('id', '=', own).execute()).toEqual([{ id: own, status: 'confirmed' }])
    expect(await db.selectFrom('class_registrations').select('email').execute()).toEqual([{ email: 'ann@example.com' }])
    expect(await db.selectFrom('history').select(['item_type', 'action', 'by_name']).where('item_type', '=', 'tutor_account').execute()).toEqual([
      { item_type: 'tutor_account', action: 'closed the account of tutor tomasz-nowak', by_name: 'Sam Staff' },
    ])
    expect(await db.selectFrom('mail_queue').select(['recipient', 'subject']).execute()).toEqual([{ recipient: 'ann@example.com', subject: 'Closed, Ann Parent' }])
  })

  // Each check of the current password costs a password hash, the right ones too, which the
  // account's own count of wrong ones takes back: one free account once made us hash without end.
  test('every check of the current password counts against its client, right or wrong, as a login does', async () => {
    const { checkCurrentPassword } = await import('~/accounts/own-account.server')
    const { hashPassword } = await import('~/accounts/passwords.server')
    const { THROTTLE_LIMITS } = await import('~/db/throttle.server')
    const { getDb } = await import('~/db/database.server')
    const id = await provenAccount('pat@example.com')
    await (await getDb()).updateTable('users').set({ password_hash: await hashPassword('secret1') }).where('id', '=', id).execute()
    for (let check = 0; check < THROTTLE_LIMITS.loginsPerClient.attempts; check++) expect(await checkCurrentPassword({ id }, 'secret1', 'client-a')).toBe('right')
    expect(await checkCurrentPassword({ id }, 'secret1', 'client-a')).toBe('throttled')
    expect(await checkCurrentPassword({ id }, 'secret1', 'client-b')).toBe('right')
  })

  // SQLite numbers a new row one past the highest id left, so the newest account's id, once it is
  // deleted, is the next sign-up's: what was the deleted account's by its id alone became the newcomer's.
  test("a new account given a deleted account's id gets nothing that was the deleted one's: not its deletion step, not its wrong passwords", async () => {
    const { checkCurrentPassword, deleteAccount, deletionConfirmation, isDeletionConfirmed } = await import('~/accounts/own-account.server')
    const { getUserById } = await import('~/db/accounts.server')
    const { hashPassword } = await import('~/accounts/passwords.server')
    const { THROTTLE_LIMITS } = await import('~/db/throttle.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const gone = (await getUserById(await provenAccount('gone@example.com')))!
    await db.updateTable('users').set({ password_hash: await hashPassword('secret1') }).where('id', '=', gone.id).execute()
    const confirmation = deletionConfirmation(gone)
    for (let check = 0; check < THROTTLE_LIMITS.loginPerEmail.attempts; check++) expect(await checkCurrentPassword(gone, 'wrong', `client-${check}`)).toBe('wrong')
    const lessons = { cancellationOf: () => 'cancelled' as const, noticesOf: () => [] }
    expect((await deleteAccount(gone, lessons)).done).toBe(true)

    // Created a moment later, as a sign-up within the deletion step's 10 minutes would be. SQLite gives a
    // deleted id again only where the account was deleted before the ids were kept from reuse (migration
    // 2026-12-07 sets the table's sequence to the highest id left): the sequence is set back, as then.
    await new Promise((resolve) => setTimeout(resolve, 5))
    if (engine === 'sqlite') await sql`UPDATE sqlite_sequence SET seq = ${gone.id - 1} WHERE name = 'users'`.execute(db)
    const newcomer = (await getUserById(await provenAccount('new@example.com')))!
    if (engine === 'sqlite') expect(newcomer.id).toBe(gone.id)
    await db.updateTable('users').set({ password_hash: await hashPassword('secret2') }).where('id', '=', newcomer.id).execute()
    expect(isDeletionConfirmed(newcomer, confirmation)).toBe(false)
    expect(isDeletionConfirmed(newcomer, deletionConfirmation(newcomer))).toBe(true)
    expect(await checkCurrentPassword(newcomer, 'secret2', 'client-new')).toBe('right')
  })

  test('the last staff account cannot delete itself; a tutor who deletes theirs frees the catalogue entry', async () => {
    const { deleteAccountRecords } = await import('~/db/account-records.server')
    const { getDb } = await import('~/db/database.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { setSchedule } = await import('~/db/tutor-schedules.server')
    const first = await provenAccount('sam@example.com', 'staff')
    await expect(deleteAccountRecords(first)).resolves.toEqual({ done: false, reason: 'last-staff' })
    const second = await provenAccount('sue@example.com', 'staff')
    await expect(deleteAccountRecords(first)).resolves.toMatchObject({ done: true })
    await expect(deleteAccountRecords(second)).resolves.toEqual({ done: false, reason: 'last-staff' })

    const tutor = (await insertUser({ name: 'Amelia', email: 'amelia@example.com', passwordHash: 'x', tutorId: 'amelia-hart' }))!
    expect(await setSchedule(tutor, 'amelia-hart', [{ day: 'Mon', times: ['16:00'] }])).toBe(true)
    await expect(deleteAccountRecords(tutor)).resolves.toMatchObject({ done: true, tutorId: 'amelia-hart' })
    const db = await getDb()
    expect(await db.selectFrom('tutor_schedules').selectAll().execute()).toEqual([])
    await expect(insertUser({ name: 'Amelia', email: 'amelia.new@example.com', passwordHash: 'x', tutorId: 'amelia-hart' })).resolves.not.toBeNull()
  })
})
