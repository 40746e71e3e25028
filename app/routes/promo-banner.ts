// Without JavaScript the promo banner's close button posts here.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'

import { promoDismissedCookieValue } from '~/http/promo-banner-cookie'
import { readForm } from '~/forms/pipeline.server'
import { safeRedirectPath } from '~/http/safe-redirect'

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  return redirect(safeRedirectPath(form.get('redirectTo')), {
    headers: { 'Set-Cookie': promoDismissedCookieValue() },
  })
}

export function loader() {
  return redirect('/')
}
