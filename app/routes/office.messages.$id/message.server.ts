import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getContactMessage, historyOf, markMessageAnswered } from '~/db/office.server'
import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'
import { itemId, PRIVATE, requireStaff } from '~/office/office.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const id = itemId(params.id)
  const message = await getContactMessage(id)
  if (!message) throw new Response('Not Found', { status: 404 })
  return json({ message, history: await historyOf('contact_message', id) }, PRIVATE)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  await readSubmission(request, NoFieldsSchema)
  const id = itemId(params.id)
  if (!(await getContactMessage(id))) throw new Response('Not Found', { status: 404 })
  await markMessageAnswered(id, staff)
  return redirect(`/office/messages/${id}`)
}
