// Places in timetabled classes (class_registrations).
import { whileAccountExists } from '~/db/accounts.server'
import { getDb, nowIso, withLock } from '~/db/database.server'
import { insertMails, type OutgoingMail } from '~/db/mail-queue.server'

export type Registration = {
  classId: string
  sessionDate: string
  sessionStart: string
  capacity: number
  name: string
  email: string
  yearGroup: string
  /** The account taking the place; none only for places taken before places needed one. */
  userId?: number
}

export type ReservationOutcome = 'reserved' | 'full' | 'duplicate' | 'account-gone'

/** Places taken in each session from `fromDate` (a London `YYYY-MM-DD`) on. */
export async function placesTaken(fromDate: string): Promise<Array<{ classId: string; date: string; taken: number }>> {
  const rows = await (await getDb())
    .selectFrom('class_registrations')
    .select((eb) => ['class_id', 'session_date', eb.fn.countAll<number>().as('taken')])
    .where('session_date', '>=', fromDate)
    .groupBy(['class_id', 'session_date'])
    .execute()
  return rows.map((row) => ({ classId: row.class_id, date: row.session_date, taken: Number(row.taken) }))
}

/** A family's places from `fromDate` on: the account's, and those booked with its (proven) address. Soonest first. */
export async function placesOfFamily(userId: number, email: string, fromDate: string) {
  const rows = await (await getDb())
    .selectFrom('class_registrations')
    .select(['class_id', 'session_date', 'session_start', 'year_group'])
    .where('session_date', '>=', fromDate)
    // Another signed-in family may have typed this address: a place it booked stays its own.
    .where((eb) => eb.or([eb('user_id', '=', userId), eb.and([eb('user_id', 'is', null), eb('email', '=', email.toLowerCase())])]))
    .orderBy('session_start')
    .execute()
  return rows.map((row) => ({ classId: row.class_id, date: row.session_date, start: row.session_start, yearGroup: row.year_group }))
}

type Reservation = { outcome: ReservationOutcome; queued: readonly OutgoingMail[] }

/**
 * Takes one place if the session has one left and the e-mail has none there yet. The count
 * and the insert run under the session's lock (withLock), so two requests for the last place,
 * from one process or several, cannot both see it free, and then under the account's, so a place
 * is never taken for an account deleted meanwhile ('account-gone'). A reserved place's `mails` are
 * queued in its transaction, those within their limits: `queued` says which.
 */
export async function reservePlace(entry: Registration, mails: readonly OutgoingMail[] = []): Promise<Reservation> {
  const email = entry.email.trim().toLowerCase()
  return withLock(`class-place:${entry.classId}@${entry.sessionDate}`, async (trx) => {
    const reservation = await whileAccountExists(trx, entry.userId, async (): Promise<Reservation> => {
      const session = trx.selectFrom('class_registrations').where('class_id', '=', entry.classId).where('session_date', '=', entry.sessionDate)
      if (await session.select('id').where('email', '=', email).executeTakeFirst()) return { outcome: 'duplicate', queued: [] }
      const { taken } = await session.select((eb) => eb.fn.countAll<number>().as('taken')).executeTakeFirstOrThrow()
      if (Number(taken) >= entry.capacity) return { outcome: 'full', queued: [] }
      await trx
        .insertInto('class_registrations')
        .values({
          class_id: entry.classId,
          session_date: entry.sessionDate,
          session_start: entry.sessionStart,
          name: entry.name,
          email,
          year_group: entry.yearGroup,
          user_id: entry.userId ?? null,
          created_at: nowIso(),
        })
        .execute()
      return { outcome: 'reserved', queued: await insertMails(trx, mails, new Date()) }
    })
    return reservation ?? { outcome: 'account-gone', queued: [] }
  })
}
