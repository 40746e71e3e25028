// What every page's frame (banners, header, footer) needs to know about this visitor.
// Kept out of root.tsx so the browser build sees a single server-only import there.
import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { consentedSchedulingScript, hasBookingPartner, readConsent } from '~/http/cookie-consent.server'
import { readFlash } from '~/http/flash.server'
import { isPromoDismissed } from '~/http/promo-banner.server'
import { getSessionUser } from '~/accounts/session.server'
import { getEnv } from '~/env.server'
import { flashMessage } from '~/forms/flash-messages'

export async function loadRootData({ request }: LoaderFunctionArgs) {
  const flash = await readFlash(request)
  const notice = flashMessage(flash?.key ?? null)
  const cookieHeader = request.headers.get('Cookie')
  const consent = await readConsent(cookieHeader)
  const user = await getSessionUser(request)
  return json(
    {
      consent,
      // The banner asks only where there is something to consent to.
      asksConsent: hasBookingPartner(),
      consentNotice: notice?.key.startsWith('consent:') ? notice.message : null,
      accountNotice: notice?.key.startsWith('account:') ? notice.message : null,
      schedulingScriptUrl: consentedSchedulingScript(consent),
      promoDismissed: await isPromoDismissed(cookieHeader),
      // Who a signed-in visitor is, for the forms that ask (a page with a session is never shared).
      signedInAs: user ? { name: user.name, email: user.email, role: user.role } : null,
      year: new Date().getFullYear(),
      // Canonical links name the site by its public address, as e-mails do.
      siteUrl: getEnv().siteUrl,
      newsletterNotice: notice?.key.startsWith('newsletter:') ? { ok: notice.ok, message: notice.message } : null,
    },
    flash ? { headers: { 'Set-Cookie': flash.clearCookie } } : undefined,
  )
}
