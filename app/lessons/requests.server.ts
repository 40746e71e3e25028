// A lesson request reaching the office: sent by the account that proved its address, or through the
// link e-mailed to an address not proven yet (routes/confirm-lesson-request), the office hears of it
// the same way.
import { tutorAccountEmail } from '~/db/accounts.server'
import type { OutgoingMail } from '~/db/mail-queue.server'
import { officeLessonRequestEmail } from '~/mail/emails.server'
import { officeNotice } from '~/mail/mail.server'

/**
 * The office's notice of a request for `tutor`'s time, made once the request is stored; looked up
 * first, since it says whether the tutor has an account to answer it from.
 */
export async function officeLessonRequestNotices(tutor: { id: string; name: string }, when: string) {
  const tutorHasAccount = (await tutorAccountEmail(tutor.id)) !== null
  return (request: { id: number; name: string; email: string; message: string }): OutgoingMail =>
    officeNotice(officeLessonRequestEmail(request, tutor.name, when, tutorHasAccount), 'the office notice of a lesson request')
}
