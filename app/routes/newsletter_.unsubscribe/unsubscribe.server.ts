// What /newsletter/unsubscribe loads and what its form does: a link checked, and the address removed.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getPage } from '~/content/pages.server'
import { ERRORS } from '~/messages'
import { findSubscription, unsubscribeFromNewsletter } from '~/db/newsletter.server'
import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'

export type UnsubscribeActionData = { unsubscribed?: string; linkInvalid?: boolean; formError?: string }

// The form posts back to this URL, so the token travels in the query both ways, as in the
// one-click POST that mail apps send (see sendWelcomeMail).
function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get('token') ?? ''
}

export async function loader({ request }: LoaderFunctionArgs) {
  // An unknown or spent token still gets this page, with status 200 and a message saying so,
  // as /reset-password does for a spent link: most often it is a link already used, whose
  // visitor is off the list as they wanted, not a page that does not exist.
  // The page names a subscriber's address: private, as every page is unless its route says otherwise.
  return json({ page: await getPage('newsletter/unsubscribe'), email: (await findSubscription(tokenOf(request)))?.email ?? null })
}

export async function action({ request }: ActionFunctionArgs) {
  await readSubmission(request, NoFieldsSchema)
  try {
    const email = await unsubscribeFromNewsletter(tokenOf(request))
    if (email === null) return json<UnsubscribeActionData>({ linkInvalid: true }, { status: 400 })
    return json<UnsubscribeActionData>({ unsubscribed: email })
  } catch (error) {
    console.error('newsletter: could not unsubscribe', error)
    return json<UnsubscribeActionData>({ formError: ERRORS.formFailed }, { status: 500 })
  }
}
