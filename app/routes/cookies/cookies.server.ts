// What /cookies loads: its page and, on a site with a booking partner, the visitor's cookie choice.
import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { getPage } from '~/content/pages.server'
import { sharedPage } from '~/http/cache-control.server'
import { hasBookingPartner, readConsent } from '~/http/cookie-consent.server'

export async function loader({ request }: LoaderFunctionArgs) {
  // The same for everyone who sends the same consent cookie: shared pages vary by Cookie.
  const page = await getPage('cookies')
  const choice = hasBookingPartner() ? { consent: await readConsent(request.headers.get('Cookie')) } : null
  return json({ page, choice }, sharedPage(request))
}
