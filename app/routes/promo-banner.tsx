// Without JavaScript the promo banner's close button posts here.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'

import { promoDismissedCookieValue } from '~/promo-banner'
import { readForm } from '~/request-form.server'
import { safeRedirectPath } from '~/safe-redirect'

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  return redirect(safeRedirectPath(form.get('redirectTo')), {
    headers: { 'Set-Cookie': promoDismissedCookieValue() },
  })
}

export function loader() {
  return redirect('/')
}
