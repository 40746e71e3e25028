// What every page's frame (banners, header, footer) needs to know about this visitor.
// Kept out of root.tsx so the browser build sees a single server-only import there.
import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { consentedSchedulingScript, readConsent } from '~/http/cookie-consent.server'
import { readFlash } from '~/http/flash.server'
import { isPromoDismissed } from '~/http/promo-banner-cookie'
import { getSessionUser } from '~/accounts/session.server'

export async function loadRootData({ request }: LoaderFunctionArgs) {
  const flash = readFlash(request)
  const cookieHeader = request.headers.get('Cookie')
  return json(
    {
      consent: readConsent(cookieHeader),
      consentNotice: flash?.flash?.key.startsWith('consent:') ? flash.flash.message : null,
      schedulingScriptUrl: consentedSchedulingScript(cookieHeader),
      promoDismissed: isPromoDismissed(cookieHeader),
      signedIn: (await getSessionUser(request)) !== null,
      year: new Date().getFullYear(),
      newsletterNotice: flash?.flash?.key.startsWith('newsletter:') ? { ok: flash.flash.ok, message: flash.flash.message } : null,
    },
    flash ? { headers: { 'Set-Cookie': flash.clearCookie } } : undefined,
  )
}
