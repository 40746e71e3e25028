// A lesson request reaching the office: sent by the account that proved its address, or through the
// link e-mailed to an address not proven yet (routes/confirm-lesson-request), the office hears of it
// the same way.
import type { OutgoingMail } from '~/db/mail-queue.server'
import { officeLessonRequestEmail } from '~/mail/emails.server'
import { officeNotice } from '~/mail/mail.server'

export function officeLessonRequestNotice(request: { id: number; name: string; email: string; message: string }, tutorName: string, when: string): OutgoingMail {
  return officeNotice(officeLessonRequestEmail(request, tutorName, when), 'the office notice of a lesson request')
}
