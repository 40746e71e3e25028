// The mail queue's rows: an e-mail is queued, taken by one sender at a time under a lease, and marked sent, retried later or failed.
// A lease rather than a lock held while sending: an SMTP exchange can take seconds, and a sender
// that dies mid-send leaves a lease that runs out, so another sends it again (the one duplicate a
// crash can cause). The claim is one conditional UPDATE, which only one process wins on either engine.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

import type { Transaction } from 'kysely'

import { getEnv } from '~/env.server'
import { getDb, nowIso, type Database, type Queries } from '~/db/database.server'
import { paging, type Listing } from '~/db/listing.server'
import type { MailStatus } from '~/db/schema'
import { countAgainstCeilings, countAttemptIn, isAtLimit, type ThrottleCheck } from '~/db/throttle.server'
import { RULES } from '~/site'

/** An e-mail as stored and as nodemailer takes it (so it must survive JSON). */
export type QueuedMessage = {
  to: string
  subject: string
  text: string
  /** Where replies go, when not to us: the visitor who wrote, for a notice to the office. */
  replyTo?: string
  /** Extra headers, such as List-Unsubscribe; values we build, never visitor text. */
  headers?: Record<string, string>
  /** An iCalendar file, which nodemailer sends as the calendar part mail clients offer to add. */
  icalEvent?: { filename: string; method: string; content: string }
}

/** An e-mail a sender has claimed, until `lease` (its claim: what it records holds only while the row is still its own). */
export type QueuedMail = { id: number; what: string; message: QueuedMessage; attempts: number; queuedAt: string; lease: string }

// A queued e-mail may carry a live link (a reset, a confirmation, an invitation) for up to a day of
// retries, and a failed one until the office sends it again: its text is sealed (AES-256-GCM) with a
// key derived from the session secret, which is kept outside the database, so a copy of the database
// alone gives no usable link.
const SEALED = 'sealed:v1:'

function queueKey() {
  return createHmac('sha256', getEnv().sessionSecret).update('mail queue at rest').digest()
}

/** An e-mail's text as the queue stores it: sealed. */
export function sealMessage(message: QueuedMessage): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', queueKey(), iv)
  const sealed = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()])
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')
}

/** A stored e-mail's text, or null when it was sealed under another session secret and cannot be read. */
export function openMessage(stored: string): QueuedMessage | null {
  // Queued before texts were sealed: still sent, once.
  if (!stored.startsWith(SEALED)) return JSON.parse(stored) as QueuedMessage
  const raw = Buffer.from(stored.slice(SEALED.length), 'base64')
  try {
    const decipher = createDecipheriv('aes-256-gcm', queueKey(), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as QueuedMessage
  } catch {
    return null
  }
}

/**
 * An e-mail to queue, and what it is in the log's and the office's words. One to an address a
 * visitor typed has a `budget`: it is queued only while that address's automatic e-mails allow.
 * One a visitor's post causes has a `ceiling` too: the most of its kind the whole site sends in an hour.
 * One that says a lesson is on (its confirmation, its reminder) names it, `whileLessonConfirmed`: it
 * is sent only while that lesson is confirmed and yet to begin, however long an outage held it back.
 */
export type OutgoingMail = { message: QueuedMessage; what: string; budget?: ThrottleCheck; ceiling?: ThrottleCheck; whileLessonConfirmed?: number }

/** The e-mails a stored row causes (an office notice names its id), queued in the row's transaction. */
export type NoticesOf = (id: number) => OutgoingMail[]

/**
 * Queues e-mails in a transaction, so they are stored with the change that causes them, or not at
 * all. An e-mail with a budget is counted against it in the same transaction, and left out once the
 * budget is spent. Resolves to the e-mails queued.
 */
export async function insertMails(trx: Transaction<Database>, mails: readonly OutgoingMail[], now: Date): Promise<OutgoingMail[]> {
  const refused = new Set<OutgoingMail>()
  for (const mail of mails) {
    if (!mail.ceiling || !(await isAtLimit(trx, mail.ceiling))) continue
    refused.add(mail)
    console.warn(`mail: not sending ${mail.what}: the site has sent its ${mail.ceiling[1].attempts} e-mails of this kind for this hour`)
  }
  // Budgets are counted in the order of their keys, each under its key's lock: two transactions
  // that each count two addresses then take the two locks in the same order.
  const budgeted = mails.filter((mail) => mail.budget).sort((a, b) => (a.budget![0] < b.budget![0] ? -1 : 1))
  for (const mail of budgeted) {
    if (refused.has(mail) || (await countAttemptIn(trx, mail.budget!))) continue
    refused.add(mail)
    console.info(`mail: not sending ${mail.what}: its address has had its automatic e-mails for this hour`)
  }
  const queued = mails.filter((mail) => !refused.has(mail))
  if (queued.length === 0) return queued
  await countAgainstCeilings(trx, queued.flatMap((mail) => (mail.ceiling ? [mail.ceiling] : [])))
  await trx
    .insertInto('mail_queue')
    .values(
      queued.map(({ message, what, whileLessonConfirmed }) => ({
        what,
        recipient: message.to,
        subject: message.subject,
        message: sealMessage(message),
        queued_at: nowIso(now),
        send_after: nowIso(now),
        while_lesson_confirmed: whileLessonConfirmed ?? null,
      })),
    )
    .execute()
  return queued
}

/** Queues one e-mail on its own, within its `budget` and `ceiling` when it has them; true when queued. */
export async function insertMail(mail: OutgoingMail, now: Date) {
  return (await getDb()).transaction().execute(async (trx) => (await insertMails(trx, [mail], now)).length > 0)
}

/**
 * Why an e-mail that says lesson `id` is on would be outdated by `at`, or null while it still is: the
 * lesson was cancelled, or has begun.
 */
async function outdatedBecause(db: Queries, id: number, at: Date) {
  const lesson = await db.selectFrom('lesson_requests').select(['status', 'slot_start']).where('id', '=', id).executeTakeFirst()
  if (lesson?.status !== 'confirmed') return 'Not sent: the lesson was cancelled before this could be.'
  return lesson.slot_start <= nowIso(at) ? 'Not sent: the lesson had begun before this could be.' : null
}

/**
 * Takes up to `limit` e-mails due by `dueBy` that no lease live at `leasedAt` holds, each for `leaseMs`
 * from `leasedAt`; another sender's claim on the same row makes this one's UPDATE change nothing, so
 * each is sent by one. One whose lesson is off by `dueBy` is marked outdated instead, with its reason.
 */
export async function claimDueMail(db: Queries, { dueBy, leasedAt }: { dueBy: Date; leasedAt: Date }, leaseMs: number, limit = 10): Promise<QueuedMail[]> {
  const leaseClock = nowIso(leasedAt)
  const due = await db
    .selectFrom('mail_queue')
    .select('id')
    .where('status', '=', 'queued')
    .where('send_after', '<=', nowIso(dueBy))
    .where((where) => where.or([where('lease_until', 'is', null), where('lease_until', '<=', leaseClock)]))
    .orderBy('id')
    .limit(limit)
    .execute()
  const claimed: QueuedMail[] = []
  const lease = nowIso(new Date(leasedAt.getTime() + leaseMs))
  for (const { id } of due) {
    const row = await db
      .updateTable('mail_queue')
      .set((update) => ({ lease_until: lease, attempts: update('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where((where) => where.or([where('lease_until', 'is', null), where('lease_until', '<=', leaseClock)]))
      .returning(['id', 'what', 'message', 'attempts', 'queued_at', 'while_lesson_confirmed'])
      .executeTakeFirst()
    if (!row?.message) continue
    const outdated = row.while_lesson_confirmed === null ? null : await outdatedBecause(db, row.while_lesson_confirmed, dueBy)
    if (outdated) {
      await db.updateTable('mail_queue').set({ status: 'outdated', message: null, lease_until: null, last_error: outdated }).where('id', '=', row.id).execute()
      continue
    }
    const message = openMessage(row.message)
    if (message) claimed.push({ id: row.id, what: row.what, message, attempts: row.attempts, queuedAt: row.queued_at, lease })
    else await markMailUnsent(db, { id: row.id, lease }, 'sealed under another session secret: it cannot be read', null)
  }
  return claimed
}

// What a sender records of an e-mail is recorded only while its claim holds: a sender whose lease ran
// out under a slow exchange, and whose e-mail another then took, records nothing over the other's.
type Claim = Pick<QueuedMail, 'id' | 'lease'>

/** Sent: its text goes (a reset or confirmation link in it is live), its address, subject and time stay as the record. */
export async function markMailSent(db: Queries, { id, lease }: Claim, now: Date) {
  await db
    .updateTable('mail_queue')
    .set({ status: 'sent', sent_at: nowIso(now), message: null, lease_until: null, last_error: null })
    .where('id', '=', id)
    .where('lease_until', '=', lease)
    .execute()
}

/** After a failed attempt: tried again from `retryAt`, or, with `retryAt` null, given up. */
export async function markMailUnsent(db: Queries, { id, lease }: Claim, error: string, retryAt: Date | null) {
  await db
    .updateTable('mail_queue')
    .set(retryAt ? { send_after: nowIso(retryAt), lease_until: null, last_error: error } : { status: 'failed', lease_until: null, last_error: error })
    .where('id', '=', id)
    .where('lease_until', '=', lease)
    .execute()
}

/**
 * Holds every queued e-mail that no sender has in hand at `leasedAt` back until `until`: the mail server
 * refused the site itself, and would refuse each alike.
 */
export async function holdQueueUntil(db: Queries, until: Date, leasedAt: Date) {
  await db
    .updateTable('mail_queue')
    .set({ send_after: nowIso(until) })
    .where('status', '=', 'queued')
    .where('send_after', '<', nowIso(until))
    .where((where) => where.or([where('lease_until', 'is', null), where('lease_until', '<=', nowIso(leasedAt))]))
    .execute()
}

/** How many e-mails are in each state: for the office and the tests. */
export async function countMail(): Promise<Record<MailStatus, number>> {
  const db = await getDb()
  const rows = await db.selectFrom('mail_queue').select(['status', (count) => count.fn.countAll<number>().as('count')]).groupBy('status').execute()
  const counts: Record<MailStatus, number> = { queued: 0, sent: 0, failed: 0, outdated: 0 }
  for (const row of rows) counts[row.status] = Number(row.count)
  return counts
}

/** An e-mail as the office's mail view shows it. */
export type MailRecord = {
  id: number
  what: string
  recipient: string
  subject: string
  status: MailStatus
  queuedAt: string
  attempts: number
  lastError: string | null
  sentAt: string | null
}

/** The queue's e-mails, newest first, of one status or all. */
export async function listMail(status: MailStatus | undefined, page: number): Promise<Listing<MailRecord>> {
  const db = await getDb()
  const filtered = db.selectFrom('mail_queue').$if(status !== undefined, (query) => query.where('status', '=', status!))
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const window = paging(Number(total), page)
  const rows = await filtered
    .select(['id', 'what', 'recipient', 'subject', 'status', 'queued_at', 'attempts', 'last_error', 'sent_at'])
    .orderBy('id', 'desc')
    .limit(RULES.officePerPage)
    .offset(window.offset)
    .execute()
  const items = rows.map((row) => ({ id: row.id, what: row.what, recipient: row.recipient, subject: row.subject, status: row.status, queuedAt: row.queued_at, attempts: row.attempts, lastError: row.last_error, sentAt: row.sent_at }))
  return { items, total: Number(total), page: window.page, pageCount: window.pageCount }
}

/** Puts a failed e-mail back in the queue, due now, with a new day of retries; its address, or null when no failed e-mail has that id. */
export async function requeueFailedMail(id: number, now: Date): Promise<string | null> {
  const db = await getDb()
  const row = await db
    .updateTable('mail_queue')
    .set({ status: 'queued', queued_at: nowIso(now), send_after: nowIso(now), lease_until: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .where('message', 'is not', null)
    .returning('recipient')
    .executeTakeFirst()
  return row?.recipient ?? null
}
