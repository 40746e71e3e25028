import { json } from '@remix-run/node'

import { closeTutorAccount } from '~/db/account-records.server'
import type { Staff } from '~/db/office.server'
import { RemoveTutorAccountSchema } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import { tutorAccountClosedEmail } from '~/mail/emails.server'
import { wakeMailSender } from '~/mail/mail.server'
import { OFFICE_NOTICES } from '~/messages/office'
import { forgetCatalogueChanges, getCatalogue } from '~/tutors/catalogue.server'

export type RemovalReply = { removed?: string; refusal?: string }

/**
 * The office's post that closes a tutor's account (an invitation the wrong person followed, a tutor
 * who has left, in the catalogue or no longer): the account the office was shown, and only what is
 * its as a tutor (closeTutorAccount). Its address is told why it no longer logs in; the catalogue
 * tutor may be invited again.
 */
export async function answerAccountRemoval(request: Request, staff: Staff) {
  const submission = await readSubmission(request, RemoveTutorAccountSchema)
  if (submission.status !== 'valid') return json<RemovalReply>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  const { tutorId, account } = submission.value
  const now = new Date()
  const catalogueName = (await getCatalogue(now)).find((tutor) => tutor.id === tutorId)?.name
  const closing = await closeTutorAccount(tutorId, account, staff, ({ email, name }) => [{ message: { to: email, ...tutorAccountClosedEmail(name) }, what: 'the notice that the office closed a tutor account' }], now)
  if (!closing.done) {
    const refusal = closing.reason === 'tutor-lessons' ? OFFICE_NOTICES.tutorAccountHasLessons(catalogueName ?? tutorId) : OFFICE_NOTICES.tutorAccountChanged
    return json<RemovalReply>({ refusal }, { status: 409 })
  }
  forgetCatalogueChanges()
  wakeMailSender()
  return json<RemovalReply>({ removed: OFFICE_NOTICES.tutorAccountRemoved(catalogueName ?? closing.name, closing.email) })
}
