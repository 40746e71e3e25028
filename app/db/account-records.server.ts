// Everything the database holds about one account, to hand a copy to its owner or to delete it
// (issue 28; content/pages/privacy.mdx says the same, table by table). Records sent with the
// account's address but without an account (a lesson request or class place made signed out, a
// contact message, a tutor application, the newsletter) are the account's only once that address
// is proven: until then whoever signed up with it may not be its owner.
import type { ExpressionBuilder, Transaction } from 'kysely'

import { getDb, holdLock, holdLocks, lockedAsRead, nowIso, withLock, type Database, type Queries } from '~/db/database.server'
import type { Staff } from '~/db/office.server'
import { accountLockKey, normaliseEmail } from '~/db/accounts.server'
import { lowerEmail } from '~/db/engine.server'
import { accountPasswordKey } from '~/db/throttle.server'
import { getLearnerProfile, parseLearnerSnapshot } from '~/db/learner-profiles.server'
import { insertMails, type OutgoingMail } from '~/db/mail-queue.server'
import { slotLockKey, toLessonRequest, tutorLockKey, type LessonRequest } from '~/db/lessons.server'
import { isWithdrawnRequest, type HistoryItemType, type Role } from '~/db/schema'

type Owner = { id: number; email: string; proven: boolean }

async function ownerOf(queries: Queries, userId: number) {
  const user = await queries.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  return user ? { user, owner: { id: user.id, email: user.email, proven: user.email_confirmed_at !== null } } : null
}

/**
 * Rows of a table with user_id and email columns that are the account's: those it sent, and, once
 * its address is proven, those sent with that address by no account (another signed-in family may
 * have typed it: their row stays theirs).
 */
function ownedBy(owner: Owner) {
  return (eb: ExpressionBuilder<Database, 'lesson_requests' | 'unproven_lesson_requests' | 'class_registrations'>) =>
    owner.proven ? eb.or([eb('user_id', '=', owner.id), eb.and([eb('user_id', 'is', null), eb(lowerEmail, '=', owner.email)])]) : eb('user_id', '=', owner.id)
}

// How each kind of history line reads in a copy for the account that wrote it: a status word that
// names no one is copied as written (null); words that may name someone else (the address invited,
// the family whose place was cancelled) become what it did, not whom it concerned. Every kind is
// listed, so a new one is decided here before its lines can reach a copy.
const ACTION_IN_COPY: Record<HistoryItemType, string | null> = {
  contact_message: null,
  lesson_request: null,
  tutor_application: null,
  tutor_invitation: 'invited a tutor',
  class_registration: 'cancelled a class place',
  tutor_account: 'closed a tutor account',
}

/** Every record about the account, as its owner may read it: nothing about anyone else. Null for no account. */
export async function recordsOfAccount(userId: number) {
  const db = await getDb()
  const found = await ownerOf(db, userId)
  if (!found) return null
  const { user, owner } = found
  const byAddress = owner.proven ? owner.email : null
  const [profile, requests, waiting, places, sessions, subscriber, messages, applications, schedule, emails, actions] = await Promise.all([
    getLearnerProfile(userId, db),
    db.selectFrom('lesson_requests').selectAll().where(ownedBy(owner)).orderBy('created_at').execute(),
    db.selectFrom('unproven_lesson_requests').select(['tutor_id', 'slot_start', 'name', 'email', 'message', 'learner', 'created_at']).where(ownedBy(owner)).orderBy('created_at').execute(),
    db.selectFrom('class_registrations').selectAll().where(ownedBy(owner)).orderBy('session_start').execute(),
    db.selectFrom('sessions').select(['created_at', 'expires_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    byAddress ? db.selectFrom('newsletter_subscribers').select(['email', 'subscribed_at', 'consented_at', 'confirmed_at']).where(lowerEmail, '=', byAddress).executeTakeFirst() : undefined,
    byAddress ? db.selectFrom('contact_messages').select(['name', 'email', 'subject', 'message', 'created_at', 'status']).where(lowerEmail, '=', byAddress).orderBy('created_at').execute() : [],
    byAddress
      ? db.selectFrom('tutor_applications').select(['name', 'email', 'subjects', 'levels', 'experience_years', 'has_equipment', 'statement', 'created_at', 'status']).where(lowerEmail, '=', byAddress).orderBy('created_at').execute()
      : [],
    user.tutor_id ? db.selectFrom('tutor_schedules').select(['availability', 'updated_at']).where('tutor_id', '=', user.tutor_id).executeTakeFirst() : undefined,
    // The record of each e-mail to the address (kept 30 days), not its text, which may hold a live link:
    // from when the account was opened, so a deleted account's with the same address never come back.
    byAddress
      ? db.selectFrom('mail_queue').select(['subject', 'status', 'queued_at', 'sent_at']).where((eb) => eb(eb.fn('lower', ['recipient']), '=', byAddress)).where('queued_at', '>=', user.created_at).orderBy('id').execute()
      : [],
    // What it did: a family's cancellations, a tutor's answers, a staff member's office work.
    db.selectFrom('history').select(['item_type', 'item_id', 'action', 'at']).where('by_user_id', '=', userId).orderBy('at').orderBy('id').execute(),
  ])
  // A request's history says what happened to it and when; who in the office did it is theirs, not the family's.
  const history = requests.length
    ? await db
        .selectFrom('history')
        .select(['item_id', 'action', 'at'])
        .where('item_type', '=', 'lesson_request')
        .where(
          'item_id',
          'in',
          requests.map((request) => request.id),
        )
        .orderBy('at')
        .execute()
    : []
  return {
    account: { name: user.name, email: user.email, role: user.role, createdAt: user.created_at, emailConfirmedAt: user.email_confirmed_at, tutorId: user.tutor_id, showsOnline: user.shows_online === 1, lastSeenAt: user.last_seen_at },
    learnerProfile: profile,
    lessonRequests: requests.map((row) => {
      const request = toLessonRequest(row)
      return { ...request, history: history.filter((line) => line.item_id === row.id).map(({ action, at }) => ({ action, at })) }
    }),
    lessonRequestsAwaitingConfirmation: waiting.map((row) => ({ tutorId: row.tutor_id, slotStart: row.slot_start, name: row.name, email: row.email, message: row.message, learner: parseLearnerSnapshot(row.learner), sentAt: row.created_at })),
    classPlaces: places.map((place) => ({ classId: place.class_id, date: place.session_date, start: place.session_start, name: place.name, email: place.email, yearGroup: place.year_group, createdAt: place.created_at })),
    newsletter: subscriber ? { email: subscriber.email, subscribedAt: subscriber.subscribed_at, consentedAt: subscriber.consented_at, confirmedAt: subscriber.confirmed_at } : null,
    contactMessages: messages.map((message) => ({ name: message.name, email: message.email, subject: message.subject, message: message.message, sentAt: message.created_at, status: message.status })),
    tutorApplications: applications.map((application) => ({
      name: application.name,
      email: application.email,
      subjects: JSON.parse(application.subjects) as unknown,
      levels: JSON.parse(application.levels) as unknown,
      experienceYears: application.experience_years,
      hasEquipment: application.has_equipment === 1,
      statement: application.statement,
      sentAt: application.created_at,
      status: application.status,
    })),
    tutorSchedule: schedule ? { availability: JSON.parse(schedule.availability) as unknown, updatedAt: schedule.updated_at } : null,
    signInSessions: sessions.map((session) => ({ startedAt: session.created_at, expiresAt: session.expires_at })),
    emailsSent: emails.map((email) => ({ subject: email.subject, status: email.status, queuedAt: email.queued_at, sentAt: email.sent_at })),
    actionsTaken: actions.map((line) => ({ itemType: line.item_type, itemId: line.item_id, action: ACTION_IN_COPY[line.item_type] ?? line.action, at: line.at })),
  }
}

export type AccountRecords = NonNullable<Awaited<ReturnType<typeof recordsOfAccount>>>

/** Where an account's lesson went when it was deleted: the upcoming confirmed ones are cancelled first. */
export type AccountDeletion =
  | { done: true; cancelled: LessonRequest[]; tutorId: string | null }
  | { done: false; reason: 'not-found' | 'last-staff' | 'tutor-lessons' }

/** What the records kept call a family whose account is deleted. */
export const DELETED_FAMILY = 'the family (account deleted)'

/** How a deletion cancels an upcoming lesson: late (it counts as attended and keeps its time) within the policy's window. */
export type CancellationOf = (lesson: LessonRequest) => 'cancelled' | 'late-cancelled'

/** What a deletion does to the upcoming lessons it cancels, as the lessons' policy has it: how each is cancelled, and the notices of them. */
export type LessonsOnDeletion = { cancellationOf: CancellationOf; noticesOf: (cancelled: LessonRequest[], accountEmail: string) => OutgoingMail[] }

/**
 * Deletes the account and what is only its own, in one transaction under the staff lock (so the
 * last two staff accounts cannot both leave):
 * - its sessions, reset and confirmation links, and learner profile: deleted;
 * - its lesson requests never confirmed (waiting, declined, withdrawn before an answer, or waiting for the address's link): deleted, with their history;
 * - its confirmed lessons: upcoming ones cancelled (late, as `cancellationOf` judges), then all kept, with those it cancelled itself, without name, address, message
 *   or profile, as the tutor's record of a lesson, until the 12 months the notice gives every request;
 * - its class places: deleted, so an upcoming place is free again;
 * - once the address is proven: its newsletter subscription, deleted;
 * - a tutor's own weekly hours and the invitations to the address: deleted (the catalogue's hours apply,
 *   and the catalogue tutor may be invited again); the office's line of the invitation no longer names it;
 * - the office's history keeps the name a staff member acted under, no longer linked to the account.
 * The tutors' and the office's notices of the lessons it cancels (`noticesOf`) are queued in the same transaction.
 */
export async function deleteAccountRecords(
  userId: number,
  now = new Date(),
  noticesOf: LessonsOnDeletion['noticesOf'] = () => [],
  cancellationOf: CancellationOf = () => 'cancelled',
): Promise<AccountDeletion> {
  // The account's lock before anything of it is read, which every write naming the account takes (an
  // address's proof, a lesson request, a class place, a tutor's hours): one made meanwhile is then read
  // below and deleted, or refused after.
  return withLock('staff-accounts', (trx) =>
    holdLock(trx, accountLockKey(userId), async (): Promise<AccountDeletion> => {
      const found = await ownerOf(trx, userId)
      if (!found) return { done: false, reason: 'not-found' }
      const { user, owner } = found
      if (user.role === 'staff') {
        const { n } = await trx.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'staff').executeTakeFirstOrThrow()
        if (Number(n) <= 1) return { done: false, reason: 'last-staff' }
      }
      // Each of its lessons' slots is locked before the lessons are read, as a confirmation or a
      // cancellation locks it, and a tutor's own lock, which every answer to their requests takes: a
      // confirmation meanwhile is then either before or after, never between.
      const slots = await trx.selectFrom('lesson_requests').select(['tutor_id', 'slot_start']).where(ownedBy(owner)).execute()
      const locks = [...slots.map((slot) => slotLockKey({ tutorId: slot.tutor_id, slotStart: slot.slot_start })), ...(user.tutor_id ? [tutorLockKey(user.tutor_id)] : [])]
      return holdLocks(trx, locks, async (): Promise<AccountDeletion> => {
        // A tutor's confirmed lessons still to come would be left with no one to teach them: the tutor
        // cancels each first, from the dashboard, which tells its family.
        if (user.tutor_id && (await hasLessonToTeach(trx, user.tutor_id, now))) return { done: false, reason: 'tutor-lessons' }
        return deleteOwnRecords(trx, user, owner, now, noticesOf, cancellationOf)
      })
    }),
  )
}

/** Whether catalogue tutor `tutorId` has a confirmed lesson still to teach: their account cannot go, or its family would be left with a lesson no one teaches. */
async function hasLessonToTeach(trx: Transaction<Database>, tutorId: string, now: Date) {
  return (await trx.selectFrom('lesson_requests').select('id').where('tutor_id', '=', tutorId).where('status', '=', 'confirmed').where('slot_start', '>', nowIso(now)).executeTakeFirst()) !== undefined
}

/** A tutor's invitations, whatever address each was sent to; the office's lines of them say `action` instead of the address. */
async function deleteTutorInvitations(trx: Transaction<Database>, tutorId: string, action: string) {
  const invited = await trx.deleteFrom('tutor_invitations').where('tutor_id', '=', tutorId).returning('id').execute()
  if (invited.length) await trx.updateTable('history').set({ action }).where('item_type', '=', 'tutor_invitation').where('item_id', 'in', invited.map(({ id }) => id)).execute()
}

/**
 * The account's row and what signs in to it or is only its own: sessions, reset and confirmation
 * links, learner profile, and the count of wrong checks of its password (on SQLite an account deleted
 * before ids were kept from reuse, migration 2026-12-07, may give its id once more: the next account
 * must not inherit these).
 */
async function deleteAccountRow(trx: Transaction<Database>, userId: number) {
  await trx.deleteFrom('login_attempts').where('throttle_key', '=', accountPasswordKey(userId)).execute()
  await trx.deleteFrom('learner_profiles').where('user_id', '=', userId).execute()
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute()
  await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute()
  await trx.deleteFrom('email_confirmations').where('user_id', '=', userId).execute()
  await trx.deleteFrom('users').where('id', '=', userId).execute()
}

/** What deleteAccountRecords deletes and keeps, under its locks. */
async function deleteOwnRecords(
  trx: Transaction<Database>,
  user: { id: number; role: Role; tutor_id: string | null },
  owner: Owner,
  now: Date,
  noticesOf: LessonsOnDeletion['noticesOf'],
  cancellationOf: CancellationOf,
): Promise<AccountDeletion> {
  const userId = user.id
  const at = nowIso(now)
  // Locked as read: a request at the proven address that came after the slots were locked (proven by
  // its link) may be being confirmed; its confirmation is waited for and read, and cancelled below.
  const rows = await lockedAsRead(trx.selectFrom('lesson_requests').selectAll().where(ownedBy(owner))).execute()
  const requests = rows.map(toLessonRequest)
  // Never confirmed: waiting, declined, or withdrawn before anyone answered.
  const neverConfirmed = new Set(requests.filter((request) => request.status === 'requested' || request.status === 'declined' || isWithdrawnRequest(request)).map((request) => request.id))
  const cancelled = requests.filter((request) => request.status === 'confirmed' && request.slotStart > at).map((request) => ({ ...request, status: cancellationOf(request) }))
  const kept = requests.filter((request) => !neverConfirmed.has(request.id))
  const dropped = requests.filter((request) => neverConfirmed.has(request.id))
  for (const request of cancelled) {
    await trx.updateTable('lesson_requests').set({ status: request.status }).where('id', '=', request.id).execute()
    await trx.insertInto('history').values({ item_type: 'lesson_request', item_id: request.id, action: request.status, by_user_id: null, by_name: DELETED_FAMILY, at }).execute()
  }
  const keptIds = kept.map((request) => request.id)
  if (keptIds.length) await trx.updateTable('lesson_requests').set({ name: 'Deleted account', email: '', message: '', learner: null, user_id: null }).where('id', 'in', keptIds).execute()
  const droppedIds = dropped.map((request) => request.id)
  if (droppedIds.length) {
    await trx.deleteFrom('history').where('item_type', '=', 'lesson_request').where('item_id', 'in', droppedIds).execute()
    await trx.deleteFrom('lesson_requests').where('id', 'in', droppedIds).execute()
  }
  await trx.deleteFrom('unproven_lesson_requests').where(ownedBy(owner)).execute()
  const places = await trx.selectFrom('class_registrations').select('id').where(ownedBy(owner)).execute()
  if (places.length) {
    const placeIds = places.map((place) => place.id)
    await trx.deleteFrom('history').where('item_type', '=', 'class_registration').where('item_id', 'in', placeIds).execute()
    await trx.deleteFrom('class_registrations').where('id', 'in', placeIds).execute()
  }
  if (owner.proven) await trx.deleteFrom('newsletter_subscribers').where(lowerEmail, '=', owner.email).execute()
  if (user.tutor_id) await trx.deleteFrom('tutor_schedules').where('tutor_id', '=', user.tutor_id).execute()
  // The invitations to a proven address, and the office's lines that name it, go with it; a tutor's
  // go too, whatever address each was sent to (they may have moved since). An account that never
  // proved the address is not its owner: the tutor's invitation stays theirs.
  if (owner.proven) {
    await trx.deleteFrom('tutor_invitations').where(lowerEmail, '=', owner.email).execute()
    await trx.updateTable('history').set({ action: 'invited (account deleted)' }).where('item_type', '=', 'tutor_invitation').where('action', '=', `invited ${owner.email}`).execute()
  }
  if (user.tutor_id) await deleteTutorInvitations(trx, user.tutor_id, 'invited (account deleted)')
  // A family's name goes from what it did to the lessons kept; a staff member's or tutor's stays, as the office's record.
  if (user.role === 'family') await trx.updateTable('history').set({ by_name: DELETED_FAMILY }).where('by_user_id', '=', userId).execute()
  await trx.updateTable('history').set({ by_user_id: null }).where('by_user_id', '=', userId).execute()
  await trx.updateTable('tutor_invitations').set({ invited_by: null }).where('invited_by', '=', userId).execute()
  await deleteAccountRow(trx, userId)
  await insertMails(trx, noticesOf(cancelled, owner.email), now)
  return { done: true, cancelled, tutorId: user.tutor_id }
}

/** What closing a tutor's account did: closed, with the address and name it had, or why not. */
export type TutorAccountClosing = { done: true; email: string; name: string } | { done: false; reason: 'not-found' | 'changed' | 'tutor-lessons' }

/**
 * Closes the account of catalogue tutor `tutorId` at the office's hand (an invitation the wrong person
 * followed, a tutor who has left), if it is still the account at `email` the office was shown ('changed'
 * otherwise). Only what is the account's as a tutor goes: the account, its sessions and links, the
 * tutor's weekly hours and invitations. What its address sent as a family (a lesson, a class place,
 * the newsletter) stays as if sent signed out, uncancelled: the office closes a tutor's account, not a
 * family's bookings. Under the rule of the tutor's own deletion (no confirmed lesson still to teach),
 * with the office's line of it and the e-mails `noticesTo` the account are queued in the same transaction.
 */
export async function closeTutorAccount(
  tutorId: string,
  email: string,
  by: Staff,
  noticesTo: (account: { email: string; name: string }) => OutgoingMail[],
  now = new Date(),
): Promise<TutorAccountClosing> {
  return withLock('staff-accounts', async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'email', 'name']).where('tutor_id', '=', tutorId).executeTakeFirst()
    if (!user) return { done: false, reason: 'not-found' }
    if (user.email !== normaliseEmail(email)) return { done: false, reason: 'changed' }
    // Under the account's lock, which a save of the tutor's hours takes, and the tutor's, which every
    // answer to their requests takes: each is before the check, or refused once the account has gone.
    return holdLocks(trx, [accountLockKey(user.id), tutorLockKey(tutorId)], async (): Promise<TutorAccountClosing> => {
      // Read again under them: the account may have moved to another address (or gone) meanwhile.
      const current = await trx.selectFrom('users').select('email').where('id', '=', user.id).where('tutor_id', '=', tutorId).executeTakeFirst()
      if (current?.email !== user.email) return { done: false, reason: 'changed' }
      if (await hasLessonToTeach(trx, tutorId, now)) return { done: false, reason: 'tutor-lessons' }
      for (const table of ['lesson_requests', 'unproven_lesson_requests', 'class_registrations'] as const) {
        await trx.updateTable(table).set({ user_id: null }).where('user_id', '=', user.id).execute()
      }
      await trx.deleteFrom('tutor_schedules').where('tutor_id', '=', tutorId).execute()
      await deleteTutorInvitations(trx, tutorId, 'invited (account closed)')
      await trx.updateTable('history').set({ by_user_id: null }).where('by_user_id', '=', user.id).execute()
      await trx.insertInto('history').values({ item_type: 'tutor_account', item_id: user.id, action: `closed the account of tutor ${tutorId}`, by_user_id: by.userId, by_name: by.name, at: nowIso(now) }).execute()
      await deleteAccountRow(trx, user.id)
      await insertMails(trx, noticesTo(user), now)
      return { done: true, email: user.email, name: user.name }
    })
  })
}
