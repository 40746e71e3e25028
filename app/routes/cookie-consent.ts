// The cookie banner and the /cookies page post the visitor's answer here.
import type { ActionFunctionArgs } from '@remix-run/node'

import { CookieConsentSchema } from '~/forms/cookie-consent'
import { readSubmission } from '~/forms/pipeline.server'
import { forgetConsent, hasBookingPartner, setConsent } from '~/http/cookie-consent.server'
import { setFlash } from '~/http/flash.server'
import { redirect } from '~/http/responses.server'
import { safeRedirectPath } from '~/http/safe-redirect'

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, CookieConsentSchema)
  const back = safeRedirectPath(typeof submission.values.redirectTo === 'string' ? submission.values.redirectTo : null)
  if (submission.status !== 'valid') return redirect(back)
  // A site without a booking partner asks nothing: an answer (from a page kept open since it had one)
  // is not kept, an earlier one is forgotten, so a partner added later asks afresh, and no notice
  // names a partner that is not there.
  if (!hasBookingPartner()) return redirect(back, { headers: { 'Set-Cookie': await forgetConsent() } })
  const { consent } = submission.value
  const headers = new Headers()
  headers.append('Set-Cookie', await setConsent(consent))
  headers.append('Set-Cookie', await setFlash(`consent:${consent}`))
  return redirect(back, { headers })
}

export function loader() {
  return redirect('/cookies')
}
