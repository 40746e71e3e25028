import type { ActionFunctionArgs } from '@remix-run/node'

import { destroySession } from '~/accounts/session.server'
import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'
import { redirect } from '~/http/responses.server'

// Logging out changes state, so it is a POST only; a visit by GET just goes home.
export async function action({ request }: ActionFunctionArgs) {
  await readSubmission(request, NoFieldsSchema)
  return redirect('/login?notice=logged-out', { headers: { 'Set-Cookie': await destroySession(request) } })
}

export function loader() {
  return redirect('/')
}
