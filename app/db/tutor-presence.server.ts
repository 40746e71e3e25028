// Which tutors are online now (spec §3): those whose own account was used in the last few minutes.
// Written at most once a minute per tutor, so a tutor clicking through their dashboard costs one
// small write a minute, and nothing for anyone else.
import { getDb } from '~/db/database.server'
import type { User } from '~/db/accounts.server'

const WRITE_EVERY_MS = 60_000
/** How long after their last request a tutor still shows as online. */
export const ONLINE_FOR_MS = 5 * 60_000

/** Notes that a signed-in tutor is using the site now; anyone else is not recorded. */
export async function noteTutorSeen(user: Pick<User, 'id' | 'role' | 'lastSeenAt'>, now: Date) {
  if (user.role !== 'tutor') return
  if (user.lastSeenAt && now.getTime() - Date.parse(user.lastSeenAt) < WRITE_EVERY_MS) return
  await (await getDb()).updateTable('users').set({ last_seen_at: now.toISOString() }).where('id', '=', user.id).execute()
}

/** The catalogue ids of the tutors online at `now`. */
export async function onlineTutorIds(now: Date): Promise<Set<string>> {
  const since = new Date(now.getTime() - ONLINE_FOR_MS).toISOString()
  const rows = await (await getDb())
    .selectFrom('users')
    .select('tutor_id')
    .where('role', '=', 'tutor')
    .where('tutor_id', 'is not', null)
    .where('last_seen_at', '>', since)
    .where('last_seen_at', '<=', now.toISOString())
    .execute()
  return new Set(rows.map((row) => row.tutor_id!))
}
