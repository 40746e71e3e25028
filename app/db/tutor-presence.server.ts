// Which tutors are online now (spec §3): those who chose to show it and whose own account was used
// in the last few minutes. Off until the tutor turns it on: until then nothing is recorded.
import { getDb } from '~/db/database.server'
import type { User } from '~/db/accounts.server'
import { RULES } from '~/site'

// A tutor clicking through their dashboard costs one small write a minute.
const WRITE_EVERY_MS = 60_000
const ONLINE_FOR_MS = RULES.onlineForMinutes * 60_000

/**
 * Notes that a signed-in tutor who shows when they are online is using the site now. One
 * conditional write, so two loaders of one request write once; a failure is logged, never the
 * request's: being seen is not worth a page.
 */
export async function noteTutorSeen(user: Pick<User, 'id' | 'role' | 'showsOnline' | 'lastSeenAt'>, now: Date) {
  if (user.role !== 'tutor' || !user.showsOnline) return
  if (user.lastSeenAt && now.getTime() - Date.parse(user.lastSeenAt) < WRITE_EVERY_MS) return
  const writtenBefore = new Date(now.getTime() - WRITE_EVERY_MS).toISOString()
  try {
    await (await getDb())
      .updateTable('users')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', user.id)
      .where('shows_online', '=', 1)
      .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', writtenBefore)]))
      .execute()
  } catch (error) {
    console.error(`presence: could not note tutor account ${user.id} as online`, error)
  }
}

/**
 * Turns the tutor's "Online now" on (they are here now, since they asked) or off (forgetting when
 * they were last seen). Written here rather than by their next request, so a catalogue read just
 * after this change, which the caller makes the process forget, already sees it.
 */
export async function setShowsOnline(userId: number, showsOnline: boolean, now: Date) {
  await (await getDb())
    .updateTable('users')
    .set(showsOnline ? { shows_online: 1, last_seen_at: now.toISOString() } : { shows_online: 0, last_seen_at: null })
    .where('id', '=', userId)
    .execute()
}

/** The catalogue ids of the tutors online at `now`. */
export async function onlineTutorIds(now: Date): Promise<Set<string>> {
  const since = new Date(now.getTime() - ONLINE_FOR_MS).toISOString()
  const rows = await (await getDb())
    .selectFrom('users')
    .select('tutor_id')
    .where('role', '=', 'tutor')
    .where('shows_online', '=', 1)
    .where('tutor_id', 'is not', null)
    .where('last_seen_at', '>', since)
    .execute()
  return new Set(rows.map((row) => row.tutor_id!))
}
