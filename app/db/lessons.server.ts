// Lesson requests and the lessons they become: a request is confirmed or declined, by the
// office or by its own tutor, and a confirmed lesson takes its tutor's slot.
import { getDb, nowIso, withLock, type Queries } from '~/db/database.server'
import { parseLearnerSnapshot, type StoredLearnerProfile } from '~/db/learner-profiles.server'
import { insertMails, type NoticesOf, type OutgoingMail } from '~/db/mail-queue.server'
import type { LessonStatus } from '~/db/schema'

export type LessonRequest = {
  id: number
  tutorId: string
  slotStart: string
  name: string
  email: string
  message: string
  createdAt: string
  status: LessonStatus
  /** The learner's profile as it was when a signed-in family sent the request; null otherwise. */
  learner: StoredLearnerProfile | null
}

const COLUMNS = ['id', 'tutor_id', 'slot_start', 'name', 'email', 'message', 'created_at', 'status', 'learner'] as const

type Row = { id: number; tutor_id: string; slot_start: string; name: string; email: string; message: string; created_at: string; status: LessonStatus; learner: string | null }

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
    learner: parseLearnerSnapshot(row.learner),
  }
}

export async function saveLessonRequest(
  request: { tutorId: string; slotStart: string; name: string; email: string; message: string; userId: number | null; learner?: StoredLearnerProfile | null },
  notices: NoticesOf = () => [],
) {
  return (await getDb()).transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('lesson_requests')
      .values({
        tutor_id: request.tutorId,
        slot_start: request.slotStart,
        name: request.name,
        email: request.email,
        message: request.message,
        user_id: request.userId,
        learner: request.learner ? JSON.stringify(request.learner) : null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await insertMails(trx, notices(row.id), new Date())
    return row.id
  })
}

export async function getLessonRequest(id: number, queries?: Queries): Promise<LessonRequest | null> {
  const row = await (queries ?? (await getDb())).selectFrom('lesson_requests').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row ? toLessonRequest(row) : null
}

/** The starts of every confirmed lesson from `from` on, by tutor: slots no one else can have. */
export async function confirmedSlots(from: Date): Promise<Map<string, string[]>> {
  const rows = await (await getDb())
    .selectFrom('lesson_requests')
    .select(['tutor_id', 'slot_start'])
    .where('status', '=', 'confirmed')
    .where('slot_start', '>=', nowIso(from))
    .execute()
  const booked = new Map<string, string[]>()
  for (const row of rows) booked.set(row.tutor_id, [...(booked.get(row.tutor_id) ?? []), row.slot_start])
  return booked
}

/** A tutor's requests that wait for an answer, and their confirmed lessons, from `from` on, soonest first. */
export async function lessonsOfTutor(tutorId: string, from: Date) {
  const rows = await (await getDb())
    .selectFrom('lesson_requests')
    .select(COLUMNS)
    .where('tutor_id', '=', tutorId)
    .where('slot_start', '>=', nowIso(from))
    .where('status', 'in', ['requested', 'confirmed'])
    .orderBy('slot_start')
    .execute()
  const lessons = rows.map(toLessonRequest)
  return { requested: lessons.filter((lesson) => lesson.status === 'requested'), confirmed: lessons.filter((lesson) => lesson.status === 'confirmed') }
}

/** A family's requests: those sent while signed in, and those sent signed out with the account's address. Newest first. */
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
export type DecisionOutcome = { done: true; request: LessonRequest } | { done: false; reason: 'not-found' | 'not-yours' | 'already-answered' | 'slot-taken' }

/**
 * Confirms or declines a request still waiting for an answer, and records who did it. With
 * `tutorId`, only a request to that tutor may be answered. Under the slot's lock, so two
 * confirmations of requests for one slot cannot both succeed (a unique index holds it too).
 */
/** Answers a request; the e-mails `mailsFor` makes of the answered request are queued in the same transaction. */
export async function decideLessonRequest(
  id: number,
  decision: Decision,
  by: { userId: number; name: string; tutorId?: string },
  mailsFor: (request: LessonRequest) => OutgoingMail[] = () => [],
): Promise<DecisionOutcome> {
  const request = await getLessonRequest(id)
  if (!request) return { done: false, reason: 'not-found' }
  if (by.tutorId !== undefined && request.tutorId !== by.tutorId) return { done: false, reason: 'not-yours' }
  return withLock(`lesson-slot:${request.tutorId}@${request.slotStart}`, async (trx) => {
    const current = await getLessonRequest(id, trx)
    if (!current || current.status !== 'requested') return { done: false, reason: 'already-answered' }
    if (decision === 'confirmed') {
      const taken = await trx
        .selectFrom('lesson_requests')
        .select('id')
        .where('tutor_id', '=', current.tutorId)
        .where('slot_start', '=', current.slotStart)
        .where('status', '=', 'confirmed')
        .executeTakeFirst()
      if (taken) return { done: false, reason: 'slot-taken' }
    }
    await trx.updateTable('lesson_requests').set({ status: decision }).where('id', '=', id).execute()
    await trx.insertInto('history').values({ item_type: 'lesson_request', item_id: id, action: decision, by_user_id: by.userId, by_name: by.name, at: nowIso() }).execute()
    const answered = { ...current, status: decision }
    await insertMails(trx, mailsFor(answered), new Date())
    return { done: true, request: answered }
  })
}
