// What /tutor-invitation loads and what its form does: an invitation checked, and the tutor's account created.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { acceptTutorInvitation, findInvitation } from '~/accounts/invitations.server'
import { getPage } from '~/content/pages.server'
import { readSubmission, type FormReply } from '~/forms/pipeline.server'
import { TutorAccountSchema } from '~/forms/tutor-account'
import { redirect } from '~/http/responses.server'
import { ERRORS } from '~/messages'
import { OFFICE_NOTICES } from '~/messages/office'
import { getCatalogue } from '~/tutors/catalogue.server'

export type TutorAccountActionData = Partial<Pick<FormReply<typeof TutorAccountSchema>, 'fieldErrors'>> & { formError?: string; refusal?: string; name?: string }

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const invitation = await findInvitation(token)
  const tutor = invitation ? (await getCatalogue(new Date())).find((candidate) => candidate.id === invitation.tutorId) : undefined
  // The page names the invited address: private, as every page is unless its route says otherwise.
  return json({ page: await getPage('tutor-invitation'), token, invitation: invitation && tutor ? { email: invitation.email, tutorName: tutor.name } : null })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, TutorAccountSchema)
  if (submission.status === 'spam') return json<TutorAccountActionData>({ refusal: OFFICE_NOTICES.invitationInvalid }, { status: 400 })
  if (submission.status === 'invalid') return json<TutorAccountActionData>({ fieldErrors: submission.reply.fieldErrors, name: String(submission.values.name ?? '') }, { status: 400 })
  const { token, name, password } = submission.value
  try {
    const outcome = await acceptTutorInvitation(token, name, password)
    if (outcome === 'invalid') return json<TutorAccountActionData>({ refusal: OFFICE_NOTICES.invitationInvalid }, { status: 400 })
    if (outcome === 'taken') return json<TutorAccountActionData>({ refusal: OFFICE_NOTICES.invitationTaken }, { status: 409 })
    if (outcome === 'tutor-taken') return json<TutorAccountActionData>({ refusal: OFFICE_NOTICES.tutorHasAccount }, { status: 409 })
  } catch (error) {
    console.error('tutor invitation: could not create the account', error)
    return json<TutorAccountActionData>({ formError: ERRORS.formFailed, name }, { status: 500 })
  }
  return redirect('/login?notice=tutor-account-created')
}
