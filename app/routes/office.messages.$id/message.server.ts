import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getContactMessage, historyOf, markMessageAnswered } from '~/db/office.server'
import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'
import { httpError, redirect } from '~/http/responses.server'
import { itemId, requireStaff } from '~/office/office.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const id = itemId(params.id)
  const message = await getContactMessage(id)
  if (!message) throw httpError(404, 'Not Found')
  return json({ message, history: await historyOf('contact_message', id) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  await readSubmission(request, NoFieldsSchema)
  const id = itemId(params.id)
  if (!(await getContactMessage(id))) throw httpError(404, 'Not Found')
  await markMessageAnswered(id, staff)
  return redirect(`/office/messages/${id}`)
}
