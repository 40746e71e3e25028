import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getApplication, historyOf, rejectApplication } from '~/db/office.server'
import { intentOf } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'
import { httpError, redirect } from '~/http/responses.server'
import { OFFICE_NOTICES } from '~/messages/office'
import { answerInvite } from '~/office/invite.server'
import { itemId, requireStaff } from '~/office/office.server'
import { getCatalogue } from '~/tutors/catalogue.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const id = itemId(params.id)
  const application = await getApplication(id)
  if (!application) throw httpError(404, 'Not Found')
  const tutors = (await getCatalogue(new Date())).map(({ id: tutorId, name }) => ({ id: tutorId, name }))
  return json({ application, tutors, history: await historyOf('tutor_application', id) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const id = itemId(params.id)
  const application = await getApplication(id)
  if (!application) {
    await readSubmission(request, NoFieldsSchema)
    throw httpError(404, 'Not Found')
  }
  const intent = intentOf(request)
  if (intent === 'invite') return answerInvite(request, staff, id)
  await readSubmission(request, NoFieldsSchema)
  if (intent !== 'reject') return json({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  await rejectApplication(id, staff)
  return redirect(`/office/applications/${id}`)
}
