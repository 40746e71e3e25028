import { redirect, type ActionFunctionArgs } from '@remix-run/node'

import { readForm } from '~/forms/pipeline.server'
import { destroySession } from '~/accounts/session.server'

// Logging out changes state, so it is a POST only; a visit by GET just goes home.
export async function action({ request }: ActionFunctionArgs) {
  await readForm(request)
  return redirect('/login?notice=logged-out', { headers: { 'Set-Cookie': await destroySession(request) } })
}

export function loader() {
  return redirect('/')
}
