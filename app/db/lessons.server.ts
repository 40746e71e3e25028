// Lesson requests and the lessons they become: a request is confirmed or declined, by the
// office or by its own tutor, and a confirmed lesson takes its tutor's slot.
import type { ExpressionBuilder, Selectable, Transaction } from 'kysely'

import { whileAccountExists } from '~/db/accounts.server'
import { getDb, holdLocks, nowIso, withLock, type Database, type Queries } from '~/db/database.server'
import { parseLearnerSnapshot, type StoredLearnerProfile } from '~/db/learner-profiles.server'
import { insertMails, type NoticesOf, type OutgoingMail } from '~/db/mail-queue.server'
import { SLOT_TAKING_STATUSES, type LessonStatus } from '~/db/schema'

export type LessonRequest = {
  id: number
  tutorId: string
  slotStart: string
  name: string
  email: string
  message: string
  createdAt: string
  status: LessonStatus
  /** The family account that sent it, when signed in. */
  userId: number | null
  /** The learner's profile as it was when a signed-in family sent the request; null otherwise. */
  learner: StoredLearnerProfile | null
  /** When it was confirmed or declined: null for a request nobody answered (waiting, or withdrawn first). */
  decidedAt: string | null
}

const COLUMNS = ['id', 'tutor_id', 'slot_start', 'name', 'email', 'message', 'created_at', 'status', 'user_id', 'learner', 'decided_at'] as const

type Row = Pick<Selectable<Database['lesson_requests']>, (typeof COLUMNS)[number]>

/** In a query, cancelled rows of one kind, as isWithdrawnRequest tells them apart: lessons cancelled (decided first), or requests withdrawn before anyone answered them. */
export function cancelledRowsOf(kind: 'lessons' | 'withdrawn requests') {
  return (eb: ExpressionBuilder<Database, 'lesson_requests'>) => eb.and([eb('status', '=', 'cancelled'), eb('decided_at', kind === 'lessons' ? 'is not' : 'is', null)])
}

export function toLessonRequest(row: Row): LessonRequest {
  return {
    id: row.id,
    tutorId: row.tutor_id,
    slotStart: row.slot_start,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.created_at,
    status: row.status,
    userId: row.user_id,
    learner: parseLearnerSnapshot(row.learner),
    decidedAt: row.decided_at,
  }
}

/** What a visitor sends from a tutor's profile. */
export type NewLessonRequest = {
  tutorId: string
  slotStart: string
  name: string
  email: string
  message: string
  userId: number | null
  learner?: StoredLearnerProfile | null
}

/** The columns of a new request, in lesson_requests or, waiting, in unproven_lesson_requests. */
function columnsOf(request: NewLessonRequest) {
  const { tutorId, slotStart, name, email, message, userId, learner } = request
  return { tutor_id: tutorId, slot_start: slotStart, name, email, message, user_id: userId, learner: learner ? JSON.stringify(learner) : null }
}

type NewRequestColumns = ReturnType<typeof columnsOf>

function requestOf(row: NewRequestColumns) {
  return { tutorId: row.tutor_id, slotStart: row.slot_start, name: row.name, email: row.email, message: row.message, userId: row.user_id, learner: parseLearnerSnapshot(row.learner) }
}

async function insertLessonRequest(trx: Transaction<Database>, request: NewLessonRequest, at: string) {
  const row = await trx
    .insertInto('lesson_requests')
    .values({ ...columnsOf(request), created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Stores a request whose address is proven, for its tutor and the office, with `notices(id)` queued in
 * the same transaction. Null, storing nothing, when the account that sent it has been deleted since.
 */
export async function saveLessonRequest(request: NewLessonRequest & { userId: null }, notices?: NoticesOf): Promise<number>
export async function saveLessonRequest(request: NewLessonRequest, notices?: NoticesOf): Promise<number | null>
export async function saveLessonRequest(request: NewLessonRequest, notices: NoticesOf = () => []) {
  return (await getDb()).transaction().execute((trx) =>
    whileAccountExists(trx, request.userId, async () => {
      const id = await insertLessonRequest(trx, request, nowIso())
      await insertMails(trx, notices(id), new Date())
      return id
    }),
  )
}

/** A request whose address is not proven yet, waiting apart for the link e-mailed to it. */
export type UnprovenLessonRequest = Omit<NewLessonRequest, 'learner'> & { learner: StoredLearnerProfile | null }

/**
 * Keeps a request whose address is not proven, where no tutor or office sees it, with its link's
 * token hash, and queues `link` (the e-mail that carries it) with it: 'waiting'. When the address has
 * had its e-mails for the hour, nothing is kept, as nothing could send the request on: 'link-not-sent'.
 * Nothing either when the account that sent it has been deleted since: 'account-gone'.
 */
export async function saveUnprovenLessonRequest(request: NewLessonRequest, tokenHash: string, link: OutgoingMail): Promise<'waiting' | 'link-not-sent' | 'account-gone'> {
  return (await getDb()).transaction().execute(async (trx) => {
    const saved = await whileAccountExists(trx, request.userId, async () => {
      const row = await trx
        .insertInto('unproven_lesson_requests')
        .values({ ...columnsOf(request), token_hash: tokenHash, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow()
      if ((await insertMails(trx, [link], new Date())).length > 0) return 'waiting' as const
      await trx.deleteFrom('unproven_lesson_requests').where('id', '=', row.id).execute()
      return 'link-not-sent' as const
    })
    return saved ?? 'account-gone'
  })
}

/** The waiting request a link's token hash belongs to, or null for a spent or unknown link. */
export async function findUnprovenLessonRequest(tokenHash: string): Promise<UnprovenLessonRequest | null> {
  const row = await (await getDb()).selectFrom('unproven_lesson_requests').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
  return row ? requestOf(row) : null
}

/**
 * Sends the waiting request of a link: it becomes a lesson request, as sent now, with `notices(id)`
 * queued in the same transaction. The link is spent by the DELETE, so it works once, from any process.
 * Null when it is spent or unknown.
 */
export async function proveLessonRequest(tokenHash: string, notices: NoticesOf): Promise<number | null> {
  const db = await getDb()
  const waiting = await db.selectFrom('unproven_lesson_requests').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst()
  if (!waiting) return null
  // Under the lock of the account that sent it, if one did (its deletion takes the waiting request with
  // it), taken first: SQLite cannot turn a transaction that has read into one that writes while another
  // process writes. Still that account's as it is spent, or spent by no one.
  return db.transaction().execute((trx) =>
    whileAccountExists(trx, waiting.user_id, async () => {
      const row = await trx.deleteFrom('unproven_lesson_requests').where('token_hash', '=', tokenHash).where('user_id', waiting.user_id === null ? 'is' : '=', waiting.user_id).returningAll().executeTakeFirst()
      if (!row) return null
      const id = await insertLessonRequest(trx, requestOf(row), nowIso())
      await insertMails(trx, notices(id), new Date())
      return id
    }),
  )
}

export async function getLessonRequest(id: number, queries?: Queries): Promise<LessonRequest | null> {
  const row = await (queries ?? (await getDb())).selectFrom('lesson_requests').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row ? toLessonRequest(row) : null
}

/** The starts of every slot a lesson takes from `from` on, by tutor: slots no one else can have. */
export async function confirmedSlots(from: Date): Promise<Map<string, string[]>> {
  const rows = await (await getDb())
    .selectFrom('lesson_requests')
    .select(['tutor_id', 'slot_start'])
    .where('status', 'in', SLOT_TAKING_STATUSES)
    .where('slot_start', '>=', nowIso(from))
    .execute()
  const booked = new Map<string, string[]>()
  for (const row of rows) booked.set(row.tutor_id, [...(booked.get(row.tutor_id) ?? []), row.slot_start])
  return booked
}

/**
 * A tutor's requests that wait for an answer, from `from` on, and their lessons (confirmed, taught or
 * cancelled) from `lessonsFrom` on; soonest first.
 */
export async function lessonsOfTutor(tutorId: string, from: Date, lessonsFrom: Date) {
  const rows = await (await getDb())
    .selectFrom('lesson_requests')
    .select(COLUMNS)
    .where('tutor_id', '=', tutorId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'requested'), eb('slot_start', '>=', nowIso(from))]),
        eb.and([eb('status', 'in', SLOT_TAKING_STATUSES), eb('slot_start', '>=', nowIso(lessonsFrom))]),
        // A request withdrawn before anyone answered it never was a lesson.
        eb.and([cancelledRowsOf('lessons')(eb), eb('slot_start', '>=', nowIso(lessonsFrom))]),
      ]),
    )
    .orderBy('slot_start')
    .execute()
  const lessons = rows.map(toLessonRequest)
  return { requested: lessons.filter((lesson) => lesson.status === 'requested'), lessons: lessons.filter((lesson) => lesson.status !== 'requested') }
}

/** A family's request is its own when it sent it signed in, or signed out with the account's proven address. */
export function isFamilyOf(request: Pick<LessonRequest, 'userId' | 'email'>, family: { userId: number; email: string }) {
  return request.userId === family.userId || (request.userId === null && request.email.toLowerCase() === family.email.toLowerCase())
}

/** A family's requests: those sent while signed in, and those sent signed out with the account's address (isFamilyOf). Newest first. */
export async function lessonRequestsOfFamily(userId: number, email: string): Promise<LessonRequest[]> {
  const rows = await (await getDb())
    .selectFrom('lesson_requests')
    .select(COLUMNS)
    // Another signed-in family may have typed this address: a request it sent stays its own.
    .where((eb) => eb.or([eb('user_id', '=', userId), eb.and([eb('user_id', 'is', null), eb(eb.fn('lower', ['email']), '=', email.toLowerCase())])]))
    .orderBy('slot_start', 'desc')
    .execute()
  return rows.map(toLessonRequest)
}

export type Decision = 'confirmed' | 'declined'
export type DecisionOutcome = { done: true; request: LessonRequest } | { done: false; reason: 'not-found' | 'not-yours' | 'already-answered' | 'slot-taken' | 'passed' }

/** What answering a request, or cancelling a lesson, sets off: the e-mails, queued in the same transaction. */
export type LessonEffects = { mails: OutgoingMail[] }

/**
 * Confirms or declines a request still waiting for an answer, and records who did it and when. With
 * `tutorId`, only a request to that tutor may be answered, from an account that still exists. Under the
 * slot's lock, so two confirmations of requests for one slot cannot both succeed (a unique index holds
 * it too), and a time already gone cannot be confirmed; and the tutor's, which their account's removal
 * holds. A confirmed lesson's reminder is due at `remindAt`, or never when that is null.
 */
export async function decideLessonRequest(
  id: number,
  decision: Decision,
  by: { userId: number; name: string; tutorId?: string },
  effects: (request: LessonRequest) => LessonEffects & { remindAt: Date | null },
  now: Date,
): Promise<DecisionOutcome> {
  const request = await getLessonRequest(id)
  if (!request) return { done: false, reason: 'not-found' }
  if (by.tutorId !== undefined && request.tutorId !== by.tutorId) return { done: false, reason: 'not-yours' }
  const db = await getDb()
  return db.transaction().execute((trx) => holdLocks(trx, [slotLockKey(request), tutorLockKey(request.tutorId)], async () => {
    // A tutor's account removed since they were shown the request (its removal holds the tutor's lock)
    // answers nothing: a confirmation now would be a lesson no one teaches.
    if (by.tutorId !== undefined && !(await trx.selectFrom('users').select('id').where('id', '=', by.userId).where('tutor_id', '=', by.tutorId).executeTakeFirst())) return { done: false, reason: 'not-found' }
    const current = await getLessonRequest(id, trx)
    if (!current || current.status !== 'requested') return { done: false, reason: 'already-answered' }
    // A time already gone is never confirmed: the family would get a confirmation for it.
    if (decision === 'confirmed' && Date.parse(current.slotStart) <= now.getTime()) return { done: false, reason: 'passed' }
    if (decision === 'confirmed') {
      const taken = await trx
        .selectFrom('lesson_requests')
        .select('id')
        .where('tutor_id', '=', current.tutorId)
        .where('slot_start', '=', current.slotStart)
        .where('status', 'in', SLOT_TAKING_STATUSES)
        .executeTakeFirst()
      if (taken) return { done: false, reason: 'slot-taken' }
    }
    const answered = { ...current, status: decision }
    const { mails, remindAt } = effects(answered)
    // Still waiting as it is written: a request deleted meanwhile (with its family's account) is answered no more.
    const answeredNow = await trx
      .updateTable('lesson_requests')
      .set({ status: decision, decided_at: nowIso(now), remind_at: decision === 'confirmed' && remindAt ? nowIso(remindAt) : null })
      .where('id', '=', id)
      .where('status', '=', 'requested')
      .executeTakeFirst()
    if (Number(answeredNow.numUpdatedRows) === 0) return { done: false, reason: 'already-answered' }
    await trx.insertInto('history').values({ item_type: 'lesson_request', item_id: id, action: decision, by_user_id: by.userId, by_name: by.name, at: nowIso(now) }).execute()
    await insertMails(trx, mails, now)
    return { done: true, request: answered }
  }))
}

/** The lock a lesson's slot is answered and cancelled under. */
export function slotLockKey(request: Pick<LessonRequest, 'tutorId' | 'slotStart'>) {
  return `lesson-slot:${request.tutorId}@${request.slotStart}`
}

/** The lock a tutor's requests are answered under and their account removed under, so neither comes between the other's check and its write. */
export function tutorLockKey(tutorId: string) {
  return `lesson-tutor:${tutorId}`
}

/** How a lesson may be cancelled, judged under the slot's lock on the request as it is then. */
export type CancellationVerdict<Refusal extends string> = { refused: Refusal } | ({ status: 'cancelled' | 'late-cancelled'; action: string } & LessonEffects)

/**
 * Cancels a lesson or a request as `judge` decides from the request as it stands under the slot's
 * lock (so a confirmation or another cancellation cannot slip in between), records it in the
 * request's history and queues its e-mails, all in one transaction. A cancelled lesson gives its
 * slot back; a late-cancelled one keeps it.
 */
export async function cancelLessonRequest<Refusal extends string>(
  id: number,
  by: { userId: number; name: string },
  judge: (request: LessonRequest) => CancellationVerdict<Refusal>,
  now: Date,
): Promise<{ done: true; request: LessonRequest } | { done: false; reason: Refusal | 'not-found' }> {
  const request = await getLessonRequest(id)
  if (!request) return { done: false, reason: 'not-found' }
  return withLock(slotLockKey(request), async (trx) => {
    const current = await getLessonRequest(id, trx)
    if (!current) return { done: false, reason: 'not-found' }
    const verdict = judge(current)
    if ('refused' in verdict) return { done: false, reason: verdict.refused }
    await trx.updateTable('lesson_requests').set({ status: verdict.status }).where('id', '=', id).execute()
    await trx.insertInto('history').values({ item_type: 'lesson_request', item_id: id, action: verdict.action, by_user_id: by.userId, by_name: by.name, at: nowIso(now) }).execute()
    await insertMails(trx, verdict.mails, now)
    return { done: true, request: { ...current, status: verdict.status } }
  })
}

/** The confirmed lessons whose reminder time has come at `now`, not yet reminded of and not started. */
export async function dueReminders(now: Date): Promise<LessonRequest[]> {
  const rows = await (await getDb())
    .selectFrom('lesson_requests')
    .select(COLUMNS)
    .where('status', '=', 'confirmed')
    .where('remind_at', '<=', nowIso(now))
    .where('reminded_at', 'is', null)
    .where('slot_start', '>', nowIso(now))
    .execute()
  return rows.map(toLessonRequest)
}

/**
 * Queues the reminders of `due` (dueReminders), once each: a lesson is marked in the transaction that
 * queues its e-mails, and only if it is still confirmed and no other process marked it first.
 */
export async function queueReminders(due: readonly LessonRequest[], now: Date, mailsFor: (request: LessonRequest) => OutgoingMail[]) {
  const db = await getDb()
  let queued = 0
  for (const request of due) {
    await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('lesson_requests')
        .set({ reminded_at: nowIso(now) })
        .where('id', '=', request.id)
        .where('status', '=', 'confirmed')
        .where('reminded_at', 'is', null)
        .executeTakeFirst()
      if (Number(marked.numUpdatedRows) === 0) return
      await insertMails(trx, mailsFor(request), now)
      queued++
    })
  }
  return queued
}
