import { json } from '@remix-run/node'

import { inviteTutor } from '~/accounts/invitations.server'
import { tutorAccountEmail } from '~/db/accounts.server'
import type { Staff } from '~/db/office.server'
import { CHOOSE_CATALOGUE_TUTOR, InviteTutorSchema } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import { ERRORS } from '~/messages'
import { OFFICE_NOTICES } from '~/messages/office'
import type { InviteReply } from '~/office/invite-form'
import { getCatalogue } from '~/tutors/catalogue.server'

/** The invite form's post: a catalogue tutor and an address, checked, then the invitation e-mailed. */
export async function answerInvite(request: Request, staff: Staff, applicationId: number | null) {
  const submission = await readSubmission(request, InviteTutorSchema)
  if (submission.status !== 'valid') return json<InviteReply>({ fieldErrors: submission.status === 'invalid' ? submission.reply.fieldErrors : {}, values: submission.values }, { status: 400 })
  const { tutorId, email } = submission.value
  const tutor = (await getCatalogue(new Date())).find((candidate) => candidate.id === tutorId)
  if (!tutor) return json<InviteReply>({ fieldErrors: { tutorId: CHOOSE_CATALOGUE_TUTOR }, values: submission.values }, { status: 400 })
  // One account per catalogue tutor: a second would see and answer their requests unseen by the office.
  const existing = await tutorAccountEmail(tutorId)
  if (existing) return json<InviteReply>({ fieldErrors: { tutorId: OFFICE_NOTICES.tutorAccountExists(tutor.name, existing) }, values: submission.values }, { status: 409 })
  try {
    await inviteTutor({ tutorId, tutorName: tutor.name, email, applicationId, by: staff })
  } catch (error) {
    console.error('office: could not send the invitation', error)
    return json<InviteReply & { formError: string }>({ formError: ERRORS.formFailed, values: submission.values }, { status: 500 })
  }
  return json<InviteReply>({ invited: OFFICE_NOTICES.invited(email) })
}
