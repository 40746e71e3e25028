import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getApplication, historyOf, rejectApplication } from '~/db/office.server'
import { intentOf } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'
import { OFFICE_NOTICES } from '~/messages'
import { answerInvite } from '~/office/invite.server'
import { itemId, PRIVATE, requireStaff } from '~/office/office.server'
import { getCatalogue } from '~/tutors/catalogue.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const id = itemId(params.id)
  const application = await getApplication(id)
  if (!application) throw new Response('Not Found', { status: 404 })
  const tutors = (await getCatalogue(new Date())).map(({ id: tutorId, name }) => ({ id: tutorId, name }))
  return json({ application, tutors, history: await historyOf('tutor_application', id) }, PRIVATE)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const id = itemId(params.id)
  const application = await getApplication(id)
  if (!application) {
    await readSubmission(request, NoFieldsSchema)
    throw new Response('Not Found', { status: 404 })
  }
  const intent = intentOf(request)
  if (intent === 'invite') return answerInvite(request, staff, id)
  await readSubmission(request, NoFieldsSchema)
  if (intent !== 'reject') return json({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400, ...PRIVATE })
  await rejectApplication(id, staff)
  return redirect(`/office/applications/${id}`)
}
