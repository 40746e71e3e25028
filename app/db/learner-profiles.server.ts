// A family's learner (learner_profiles): one row per account, every field optional, saved as given.
import { whileAccountExists } from '~/db/accounts.server'
import { getDb, nowIso, type Queries } from '~/db/database.server'

export type StoredLearnerProfile = { learnerName: string; level: string; subjects: string[]; goals: string }

/** True when nothing of the profile is filled in: a request sent then carries none. */
export function isEmptyProfile(profile: StoredLearnerProfile) {
  return profile.learnerName === '' && profile.level === '' && profile.subjects.length === 0 && profile.goals === ''
}

function parseSubjects(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

/** A profile as a lesson request stores it (lesson_requests.learner), read back; null for none or a value we did not write. */
export function parseLearnerSnapshot(json: string | null): StoredLearnerProfile | null {
  if (json === null) return null
  let value: Partial<Record<keyof StoredLearnerProfile, unknown>>
  try {
    const parsed: unknown = JSON.parse(json)
    if (typeof parsed !== 'object' || parsed === null) return null
    value = parsed
  } catch {
    return null
  }
  return {
    learnerName: typeof value.learnerName === 'string' ? value.learnerName : '',
    level: typeof value.level === 'string' ? value.level : '',
    subjects: Array.isArray(value.subjects) ? value.subjects.filter((item): item is string => typeof item === 'string') : [],
    goals: typeof value.goals === 'string' ? value.goals : '',
  }
}

export async function getLearnerProfile(userId: number, queries?: Queries): Promise<StoredLearnerProfile | null> {
  const row = await (queries ?? (await getDb())).selectFrom('learner_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst()
  return row ? { learnerName: row.learner_name, level: row.level, subjects: parseSubjects(row.subjects), goals: row.goals } : null
}

/** Saves the profile of account `userId`, under the account's lock: false, saving nothing, once the account has been deleted. */
export async function saveLearnerProfile(userId: number, profile: StoredLearnerProfile): Promise<boolean> {
  const values = { learner_name: profile.learnerName, level: profile.level, subjects: JSON.stringify(profile.subjects), goals: profile.goals, updated_at: nowIso() }
  const saved = await (await getDb()).transaction().execute((trx) =>
    whileAccountExists(trx, userId, async () => {
      await trx
        .insertInto('learner_profiles')
        .values({ user_id: userId, ...values })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
        .execute()
      return true
    }),
  )
  return saved ?? false
}
