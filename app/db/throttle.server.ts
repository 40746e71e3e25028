// Slows down password guessing: failures are counted per e-mail and per client,
// and past a limit the action answers 429 until the window has passed.
import { getDb } from '~/db/database.server'

type Limit = { attempts: number; windowMinutes: number }

export const THROTTLE_LIMITS = {
  loginPerEmail: { attempts: 5, windowMinutes: 15 },
  loginPerClient: { attempts: 20, windowMinutes: 15 },
  resetEmailsPerAddress: { attempts: 3, windowMinutes: 60 },
} as const satisfies Record<string, Limit>

// Records are kept a day at most (as the privacy notice says), then pruned.
const KEEP_RECORDS_MS = 24 * 60 * 60 * 1000

function windowStart(limit: Limit) {
  return new Date(Date.now() - limit.windowMinutes * 60_000).toISOString()
}

export function isThrottled(checks: ReadonlyArray<[key: string | null, limit: Limit]>) {
  const count = getDb().prepare('SELECT COUNT(*) AS n FROM login_attempts WHERE throttle_key = ? AND attempted_at > ?')
  return checks.some(([key, limit]) => key !== null && (count.get(key, windowStart(limit)) as { n: number }).n >= limit.attempts)
}

/** Counts an attempt against each key; returns the records, so a success can take them back. */
export function recordAttempt(keys: ReadonlyArray<string | null>): number[] {
  const db = getDb()
  return db.transaction(() => {
    db.prepare('DELETE FROM login_attempts WHERE attempted_at < ?').run(new Date(Date.now() - KEEP_RECORDS_MS).toISOString())
    const insert = db.prepare('INSERT INTO login_attempts (throttle_key) VALUES (?)')
    return keys.filter((key) => key !== null).map((key) => Number(insert.run(key).lastInsertRowid))
  })()
}

export function forgetAttempts(ids: readonly number[]) {
  const remove = getDb().prepare('DELETE FROM login_attempts WHERE id = ?')
  for (const id of ids) remove.run(id)
}

export function clearAttempts(key: string) {
  getDb().prepare('DELETE FROM login_attempts WHERE throttle_key = ?').run(key)
}
