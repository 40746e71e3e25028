// What /cookies loads: its page and the visitor's cookie choice.
import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { getPage } from '~/content/pages.server'
import { sharedPage } from '~/http/cache-control.server'
import { readConsent } from '~/http/cookie-consent.server'

export async function loader({ request }: LoaderFunctionArgs) {
  // The same for everyone who sends the same consent cookie: shared pages vary by Cookie.
  return json({ page: await getPage('cookies'), consent: await readConsent(request.headers.get('Cookie')) }, sharedPage(request))
}
