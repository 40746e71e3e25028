// Without JavaScript the promo banner's close button posts here.
import type { ActionFunctionArgs } from '@remix-run/node'

import { readSubmission } from '~/forms/pipeline.server'
import { ReturnToPageSchema } from '~/forms/rules'
import { promoDismissedCookieValue } from '~/http/promo-banner-cookie'
import { redirect } from '~/http/responses.server'
import { safeRedirectPath } from '~/http/safe-redirect'

export async function action({ request }: ActionFunctionArgs) {
  const { values } = await readSubmission(request, ReturnToPageSchema)
  return redirect(safeRedirectPath(typeof values.redirectTo === 'string' ? values.redirectTo : null), {
    headers: { 'Set-Cookie': promoDismissedCookieValue() },
  })
}

export function loader() {
  return redirect('/')
}
