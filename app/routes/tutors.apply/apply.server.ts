// What /tutors/apply loads and what its form does: a tutor application stored for review.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getPage } from '~/content/pages.server'
import { saveTutorApplication } from '~/db/submissions.server'
import { isOverClientLimit } from '~/forms/client-limits.server'
import { readSubmission, type FormReply } from '~/forms/pipeline.server'
import { TutorApplicationSchema } from '~/forms/tutor-application'
import { officeApplicationEmail } from '~/mail/emails.server'
import { officeNotice, wakeMailSender } from '~/mail/mail.server'
import { sharedPage } from '~/http/cache-control.server'
import { ERRORS } from '~/messages'
import { NOTICES } from '~/messages/notices'

export type TutorApplicationActionData = Partial<FormReply<typeof TutorApplicationSchema>> & { confirmation?: string; formError?: string }

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ page: await getPage('tutors/apply') }, sharedPage(request))
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, TutorApplicationSchema)
  if (submission.status === 'spam') return json<TutorApplicationActionData>({ confirmation: NOTICES.requestReceived })
  if (submission.status === 'invalid') return json<TutorApplicationActionData>(submission.reply, { status: 400 })
  const application = submission.value
  if (await isOverClientLimit(request, 'stored post')) return json<TutorApplicationActionData>({ formError: NOTICES.tooManyRequests, values: submission.values }, { status: 429 })
  try {
    await saveTutorApplication(application, (id) => [officeNotice(officeApplicationEmail({ id, ...application }), 'the office notice of an application')])
    wakeMailSender()
  } catch (error) {
    console.error('tutor application: could not store it', error)
    return json<TutorApplicationActionData>({ formError: ERRORS.formFailed, values: submission.values }, { status: 500 })
  }
  return json<TutorApplicationActionData>({ confirmation: NOTICES.applicationReceived(application.name) })
}
