// What /newsletter/confirm loads and what its form does: the e-mailed link checked, and its address put on the list.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getPage } from '~/content/pages.server'
import { confirmSubscription, findSubscription } from '~/db/newsletter.server'
import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'
import { ERRORS } from '~/messages'

export type ConfirmSubscriptionActionData = { confirmed?: string; linkInvalid?: boolean; formError?: string }

// The form posts back to this URL, so the token travels in the query both ways.
function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get('token') ?? ''
}

export async function loader({ request }: LoaderFunctionArgs) {
  // A GET only shows the address and asks: mail scanners open links, and must not confirm for anyone.
  // The page names the address: private, as every page is unless its route says otherwise.
  return json({ page: await getPage('newsletter/confirm'), subscription: await findSubscription(tokenOf(request)) })
}

export async function action({ request }: ActionFunctionArgs) {
  await readSubmission(request, NoFieldsSchema)
  try {
    const email = await confirmSubscription(tokenOf(request))
    if (email === null) return json<ConfirmSubscriptionActionData>({ linkInvalid: true }, { status: 400 })
    return json<ConfirmSubscriptionActionData>({ confirmed: email })
  } catch (error) {
    console.error('newsletter: could not confirm a subscription', error)
    return json<ConfirmSubscriptionActionData>({ formError: ERRORS.formFailed }, { status: 500 })
  }
}
