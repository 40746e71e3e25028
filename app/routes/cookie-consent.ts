// The cookie banner and the /cookies page post the visitor's answer here.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'

import { CONSENT_CHOICES, consentCookie } from '~/http/cookie-consent.server'
import { flashCookie } from '~/http/flash.server'
import { readForm } from '~/forms/pipeline.server'
import { safeRedirectPath } from '~/http/safe-redirect'

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const back = safeRedirectPath(form.get('redirectTo'))
  const consent = CONSENT_CHOICES.find((choice) => choice === form.get('consent'))
  if (!consent) return redirect(back)
  const headers = new Headers()
  headers.append('Set-Cookie', consentCookie(consent))
  headers.append('Set-Cookie', flashCookie(`consent:${consent}`))
  return redirect(back, { headers })
}

export function loader() {
  return redirect('/cookies')
}
