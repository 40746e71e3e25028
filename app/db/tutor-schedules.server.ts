// Tutors' own weekly availability, once they have edited it on their dashboard: it replaces the
// catalogue's `availability` for that tutor (the rest of the profile stays the editors').
import { whileAccountExists } from '~/db/accounts.server'
import { getDb, nowIso } from '~/db/database.server'
import type { WEEKDAYS } from '~/london-time'

/** Weekly one-hour slots in London wall-clock time, as a tutor record's `availability` has them. */
export type Availability = Array<{ day: (typeof WEEKDAYS)[number]; times: string[] }>

export async function getSchedules(): Promise<Map<string, Availability>> {
  const rows = await (await getDb()).selectFrom('tutor_schedules').select(['tutor_id', 'availability']).execute()
  return new Map(rows.map((row) => [row.tutor_id, JSON.parse(row.availability) as Availability]))
}

/**
 * Saves tutor `tutorId`'s weekly hours for their account `userId`, under the account's lock: false,
 * saving nothing, when that account has gone meanwhile (its removal deletes the hours it saved).
 */
export async function setSchedule(userId: number, tutorId: string, availability: Availability): Promise<boolean> {
  const values = { tutor_id: tutorId, availability: JSON.stringify(availability), updated_at: nowIso() }
  const saved = await (await getDb()).transaction().execute((trx) =>
    whileAccountExists(trx, userId, async () => {
      await trx
        .insertInto('tutor_schedules')
        .values(values)
        .onConflict((conflict) => conflict.column('tutor_id').doUpdateSet({ availability: values.availability, updated_at: values.updated_at }))
        .execute()
      return true
    }),
  )
  return saved ?? false
}
