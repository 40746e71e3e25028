// Places in timetabled classes (class_registrations). Plain SQL, all of it here.
import { sessionKey } from '~/classes/timetable'
import { getDb } from '~/db/database.server'

export type Registration = {
  classId: string
  sessionDate: string
  sessionStart: string
  capacity: number
  name: string
  email: string
  yearGroup: string
}

export type ReservationOutcome = 'reserved' | 'full' | 'duplicate'

/** Places taken in each session from `fromDate` (a London `YYYY-MM-DD`) on, by session key. */
export function placesTaken(fromDate: string): Map<string, number> {
  const rows = getDb()
    .prepare(
      `SELECT class_id AS classId, session_date AS sessionDate, COUNT(*) AS taken
       FROM class_registrations WHERE session_date >= ? GROUP BY class_id, session_date`,
    )
    .all(fromDate) as Array<{ classId: string; sessionDate: string; taken: number }>
  return new Map(rows.map((row) => [sessionKey({ classId: row.classId, date: row.sessionDate }), row.taken]))
}

/**
 * Takes one place if the session has one left and the e-mail has none there yet. The count
 * and the insert run in one IMMEDIATE transaction, which holds the database's write lock
 * from the start: two requests for the last place (even from two processes) cannot both
 * see it free.
 */
export function reservePlace(registration: Registration): ReservationOutcome {
  const db = getDb()
  const reserve = db.transaction((entry: Registration): ReservationOutcome => {
    const email = entry.email.trim().toLowerCase()
    const existing = db
      .prepare('SELECT 1 FROM class_registrations WHERE class_id = ? AND session_date = ? AND email = ?')
      .get(entry.classId, entry.sessionDate, email)
    if (existing) return 'duplicate'
    const { taken } = db
      .prepare('SELECT COUNT(*) AS taken FROM class_registrations WHERE class_id = ? AND session_date = ?')
      .get(entry.classId, entry.sessionDate) as { taken: number }
    if (taken >= entry.capacity) return 'full'
    db.prepare(
      `INSERT INTO class_registrations (class_id, session_date, session_start, name, email, year_group)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(entry.classId, entry.sessionDate, entry.sessionStart, entry.name.trim(), email, entry.yearGroup)
    return 'reserved'
  })
  return reserve.immediate(registration)
}
