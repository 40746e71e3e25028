// What the office reads and answers: every contact message, lesson request, tutor application,
// class place and newsletter address the site collects, newest first, by status, a page at a
// time, each change recorded with who made it and when.
import { getDb, nowIso } from '~/db/database.server'
import { cancelledRowsOf, toLessonRequest, type LessonRequest } from '~/db/lessons.server'
import { paging, type Listing } from '~/db/listing.server'
import type { ApplicationStatus, ContactStatus, HistoryItemType, LessonListFilter } from '~/db/schema'
import { RULES } from '~/site'

export type HistoryLine = { action: string; byName: string; at: string }
export type Staff = { userId: number; name: string }

export type ContactMessage = { id: number; name: string; email: string; subject: string; message: string; createdAt: string; status: ContactStatus }
export type Application = {
  id: number
  name: string
  email: string
  subjects: string[]
  levels: string[]
  experienceYears: number
  statement: string
  createdAt: string
  status: ApplicationStatus
}

export async function listContactMessages(status: ContactStatus | undefined, page: number): Promise<Listing<ContactMessage>> {
  const db = await getDb()
  const filtered = db.selectFrom('contact_messages').$if(status !== undefined, (query) => query.where('status', '=', status!))
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const window = paging(Number(total), page)
  const rows = await filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(RULES.officePerPage).offset(window.offset).execute()
  return { items: rows.map(toContactMessage), total: Number(total), page: window.page, pageCount: window.pageCount }
}

function toContactMessage(row: { id: number; name: string; email: string; subject: string; message: string; created_at: string; status: ContactStatus }): ContactMessage {
  return { id: row.id, name: row.name, email: row.email, subject: row.subject, message: row.message, createdAt: row.created_at, status: row.status }
}

export async function getContactMessage(id: number): Promise<ContactMessage | null> {
  const row = await (await getDb()).selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toContactMessage(row) : null
}

export async function listLessonRequests(filter: LessonListFilter | undefined, page: number): Promise<Listing<LessonRequest>> {
  const db = await getDb()
  const filtered = db.selectFrom('lesson_requests').$if(filter !== undefined, (query) => {
    if (filter === 'withdrawn') return query.where(cancelledRowsOf('withdrawn requests'))
    if (filter === 'cancelled') return query.where(cancelledRowsOf('lessons'))
    return query.where('status', '=', filter!)
  })
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const window = paging(Number(total), page)
  const rows = await filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(RULES.officePerPage).offset(window.offset).execute()
  return { items: rows.map(toLessonRequest), total: Number(total), page: window.page, pageCount: window.pageCount }
}

function toApplication(row: {
  id: number
  name: string
  email: string
  subjects: string
  levels: string
  experience_years: number
  statement: string
  created_at: string
  status: ApplicationStatus
}): Application {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subjects: JSON.parse(row.subjects) as string[],
    levels: JSON.parse(row.levels) as string[],
    experienceYears: row.experience_years,
    statement: row.statement,
    createdAt: row.created_at,
    status: row.status,
  }
}

export async function listApplications(status: ApplicationStatus | undefined, page: number): Promise<Listing<Application>> {
  const db = await getDb()
  const filtered = db.selectFrom('tutor_applications').$if(status !== undefined, (query) => query.where('status', '=', status!))
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const window = paging(Number(total), page)
  const rows = await filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(RULES.officePerPage).offset(window.offset).execute()
  return { items: rows.map(toApplication), total: Number(total), page: window.page, pageCount: window.pageCount }
}

export async function getApplication(id: number): Promise<Application | null> {
  const row = await (await getDb()).selectFrom('tutor_applications').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toApplication(row) : null
}

export async function historyOf(itemType: HistoryItemType, itemId: number): Promise<HistoryLine[]> {
  const rows = await (await getDb())
    .selectFrom('history')
    .select(['action', 'by_name', 'at'])
    .where('item_type', '=', itemType)
    .where('item_id', '=', itemId)
    .orderBy('at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ action: row.action, byName: row.by_name, at: row.at }))
}

/** Moves a message or an application on from `from` to `to`; false when it is not (or no longer) at `from`. */
async function moveOn(table: 'contact_messages' | 'tutor_applications', itemType: HistoryItemType, id: number, from: string, to: string, by: Staff) {
  return (await getDb()).transaction().execute(async (trx) => {
    const result = await trx
      .updateTable(table)
      .set({ status: to } as never)
      .where('id', '=', id)
      .where('status', '=', from as never)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) return false
    await trx.insertInto('history').values({ item_type: itemType, item_id: id, action: to, by_user_id: by.userId, by_name: by.name, at: nowIso() }).execute()
    return true
  })
}

export function markMessageAnswered(id: number, by: Staff) {
  return moveOn('contact_messages', 'contact_message', id, 'new', 'answered', by)
}

export function rejectApplication(id: number, by: Staff) {
  return moveOn('tutor_applications', 'tutor_application', id, 'new', 'rejected', by)
}

/** How many items wait in each inbox: new messages, requests, applications; places; subscribers. */
export async function inboxCounts() {
  const db = await getDb()
  const count = async (query: Promise<{ n: number } | undefined>) => Number((await query)?.n ?? 0)
  return {
    messages: await count(db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'new').executeTakeFirst()),
    lessons: await count(db.selectFrom('lesson_requests').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'requested').executeTakeFirst()),
    applications: await count(db.selectFrom('tutor_applications').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'new').executeTakeFirst()),
    subscribers: await count(db.selectFrom('newsletter_subscribers').select((eb) => eb.fn.countAll<number>().as('n')).where('confirmed_at', 'is not', null).executeTakeFirst()),
    failedMail: await count(db.selectFrom('mail_queue').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').executeTakeFirst()),
  }
}

export type ClassPlace = { id: number; classId: string; sessionDate: string; sessionStart: string; name: string; email: string; yearGroup: string; createdAt: string }

/** Every place taken in sessions from `fromDate` (London `YYYY-MM-DD`) on, soonest session first. */
export async function classPlacesFrom(fromDate: string): Promise<ClassPlace[]> {
  const rows = await (await getDb())
    .selectFrom('class_registrations')
    .selectAll()
    .where('session_date', '>=', fromDate)
    .orderBy('session_start')
    .orderBy('class_id')
    .orderBy('created_at')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    classId: row.class_id,
    sessionDate: row.session_date,
    sessionStart: row.session_start,
    name: row.name,
    email: row.email,
    yearGroup: row.year_group,
    createdAt: row.created_at,
  }))
}

/** Cancels a place (the family told us they cannot come): the place is free again, and the cancellation recorded. */
export async function cancelClassPlace(id: number, by: Staff): Promise<ClassPlace | null> {
  return (await getDb()).transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('class_registrations').where('id', '=', id).returningAll().executeTakeFirst()
    if (!row) return null
    // Who had the place goes with it: the line outlives the place and its family's account.
    const action = `cancelled a place at ${row.class_id} on ${row.session_date}`
    await trx.insertInto('history').values({ item_type: 'class_registration', item_id: id, action, by_user_id: by.userId, by_name: by.name, at: nowIso() }).execute()
    return { id: row.id, classId: row.class_id, sessionDate: row.session_date, sessionStart: row.session_start, name: row.name, email: row.email, yearGroup: row.year_group, createdAt: row.created_at }
  })
}

/** The list a newsletter may go to: the addresses their owners confirmed. */
export async function newsletterSubscribers() {
  return (await getDb())
    .selectFrom('newsletter_subscribers')
    .select(['email', 'subscribed_at', 'consented_at', 'confirmed_at', 'unsubscribe_token'])
    .where('confirmed_at', 'is not', null)
    .orderBy('confirmed_at')
    .execute()
}
