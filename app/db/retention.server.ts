// Deletes what the privacy notice says we keep no longer (content/pages/privacy.mdx):
// contact messages, tutor applications, lesson requests and class registrations after 12
// months, a lesson request whose address was not confirmed before its time, a newsletter address
// its owner has not confirmed after a week, sign-in attempts and sending limits after a day,
// sessions, reset links and confirmation links once they have expired or been used, when a tutor
// was last online after a day, and the record of an e-mail sent or given up after 30 days.
import { getDb, nowIso } from '~/db/database.server'
import { RULES } from '~/site'

const DAY_MS = 24 * 60 * 60 * 1000
const KEEP_SUBMISSIONS_DAYS = 365
const KEEP_MAIL_RECORD_DAYS = 30

export async function deleteExpiredRecords(now = Date.now()) {
  const before = (days: number) => nowIso(new Date(now - days * DAY_MS))
  const current = nowIso(new Date(now))
  await (await getDb()).transaction().execute(async (trx) => {
    await trx.deleteFrom('contact_messages').where('created_at', '<', before(KEEP_SUBMISSIONS_DAYS)).execute()
    await trx.deleteFrom('tutor_applications').where('created_at', '<', before(KEEP_SUBMISSIONS_DAYS)).execute()
    await trx.deleteFrom('lesson_requests').where('created_at', '<', before(KEEP_SUBMISSIONS_DAYS)).execute()
    await trx.deleteFrom('class_registrations').where('created_at', '<', before(KEEP_SUBMISSIONS_DAYS)).execute()
    await trx.deleteFrom('unproven_lesson_requests').where((eb) => eb.or([eb('slot_start', '<', current), eb('created_at', '<', before(RULES.confirmationLinkValidDays))])).execute()
    await trx.deleteFrom('newsletter_subscribers').where('confirmed_at', 'is', null).where('subscribed_at', '<', before(RULES.confirmationLinkValidDays)).execute()
    await trx.deleteFrom('login_attempts').where('attempted_at', '<', before(1)).execute()
    await trx.updateTable('users').set({ last_seen_at: null }).where('last_seen_at', '<', before(1)).execute()
    await trx.deleteFrom('sessions').where('expires_at', '<', current).execute()
    await trx.deleteFrom('password_reset_tokens').where((eb) => eb.or([eb('expires_at', '<', current), eb('used_at', 'is not', null)])).execute()
    await trx.deleteFrom('email_confirmations').where((eb) => eb.or([eb('expires_at', '<', current), eb('used_at', 'is not', null)])).execute()
    await trx.deleteFrom('mail_queue').where('status', '!=', 'queued').where('queued_at', '<', before(KEEP_MAIL_RECORD_DAYS)).execute()
  })
}

// Hourly, so nothing kept "24 hours" stays much longer.
const RUN_EVERY_MS = 60 * 60 * 1000

/** Runs the clean-up now and every hour while the server runs; a failure is logged, not fatal. */
export function scheduleRetention() {
  const run = () => deleteExpiredRecords().catch((error: unknown) => console.error('retention: could not delete expired records', error))
  void run()
  setInterval(run, RUN_EVERY_MS).unref()
}
