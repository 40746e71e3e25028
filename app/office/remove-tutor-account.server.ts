import { json } from '@remix-run/node'

import { deleteAccount } from '~/accounts/own-account.server'
import { RemoveTutorAccountSchema } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import { lessonsOnDeletion } from '~/lessons/cancellations.server'
import { tutorAccountClosedEmail } from '~/mail/emails.server'
import { OFFICE_NOTICES } from '~/messages/office'
import { getCatalogue } from '~/tutors/catalogue.server'

export type RemovalReply = { removed?: string; refusal?: string }

/**
 * The office's post that removes a catalogue tutor's account, whoever holds it (an invitation the
 * wrong person followed, a tutor who has left): deleted as the tutor's own deletion deletes it, and
 * its address told why it no longer logs in. The catalogue tutor may then be invited again.
 */
export async function answerAccountRemoval(request: Request) {
  const submission = await readSubmission(request, RemoveTutorAccountSchema)
  if (submission.status !== 'valid') return json<RemovalReply>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  const now = new Date()
  const tutor = (await getCatalogue(now)).find((candidate) => candidate.id === submission.value.tutorId)
  if (!tutor) return json<RemovalReply>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  const lessons = await lessonsOnDeletion(now)
  const deletion = await deleteAccount(
    { tutorId: tutor.id },
    {
      ...lessons,
      noticesOf: (cancelled, email) => [...lessons.noticesOf(cancelled, email), { message: { to: email, ...tutorAccountClosedEmail(tutor.name) }, what: 'the notice that the office closed a tutor account' }],
    },
    now,
  )
  if (deletion.done) return json<RemovalReply>({ removed: OFFICE_NOTICES.tutorAccountRemoved(tutor.name, deletion.email) })
  return json<RemovalReply>({ refusal: deletion.reason === 'tutor-lessons' ? OFFICE_NOTICES.tutorAccountHasLessons(tutor.name) : OFFICE_NOTICES.noTutorAccount }, { status: 409 })
}
