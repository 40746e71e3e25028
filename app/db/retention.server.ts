// Deletes what the privacy notice says we keep no longer (content/pages/privacy.mdx):
// contact messages, tutor applications, lesson requests and class registrations after 12 months, sign-in attempts after
// a day, and sessions and reset links once they have expired or been used.
import { getDb } from '~/db/database.server'

const DAY_MS = 24 * 60 * 60 * 1000
const KEEP_SUBMISSIONS_DAYS = 365

export function deleteExpiredRecords(now = Date.now()) {
  const db = getDb()
  const before = (days: number) => new Date(now - days * DAY_MS).toISOString()
  const nowIso = new Date(now).toISOString()
  db.transaction(() => {
    db.prepare('DELETE FROM contact_messages WHERE created_at < ?').run(before(KEEP_SUBMISSIONS_DAYS))
    db.prepare('DELETE FROM tutor_applications WHERE created_at < ?').run(before(KEEP_SUBMISSIONS_DAYS))
    db.prepare('DELETE FROM lesson_requests WHERE created_at < ?').run(before(KEEP_SUBMISSIONS_DAYS))
    db.prepare('DELETE FROM class_registrations WHERE created_at < ?').run(before(KEEP_SUBMISSIONS_DAYS))
    db.prepare('DELETE FROM login_attempts WHERE attempted_at < ?').run(before(1))
    db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(nowIso)
    db.prepare('DELETE FROM password_reset_tokens WHERE expires_at < ? OR used_at IS NOT NULL').run(nowIso)
  })()
}

/** Runs the clean-up now and once a day while the server runs. */
export function scheduleRetention() {
  deleteExpiredRecords()
  setInterval(() => deleteExpiredRecords(), DAY_MS).unref()
}
