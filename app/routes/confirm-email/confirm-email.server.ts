// What /confirm-email loads and what its button does: the link in a sign-up's confirmation e-mail,
// or in the e-mail that moves an account to a new address, checked, and the address proven for the
// signed-in account it was made for. A GET only shows
// the page (mail scanners open links); the POST confirms.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { confirmAddress, findAddressConfirmation } from '~/accounts/accounts.server'
import { rememberSignIn } from '~/accounts/known-browsers.server'
import { getSessionUser } from '~/accounts/session.server'
import { getPage } from '~/content/pages.server'
import { AddressConfirmationSchema } from '~/forms/address-confirmation'
import { readSubmission } from '~/forms/pipeline.server'
import { redirect } from '~/http/responses.server'
import { ERRORS } from '~/messages'

export type AddressConfirmationActionData = { linkInvalid?: boolean; addressTaken?: boolean; formError?: string }

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const token = url.searchParams.get('token') ?? ''
  const [page, confirmation, user] = await Promise.all([getPage('confirm-email'), findAddressConfirmation(token), getSessionUser(request)])
  // Private, as every page is unless its route says otherwise: it carries a live token.
  return json({
    page,
    token,
    email: confirmation?.email ?? null,
    purpose: confirmation?.purpose ?? 'sign-up',
    visitor: !user ? 'signed-out' : user.id === confirmation?.userId ? 'owner' : 'other-account',
    loginPath: `/login?${new URLSearchParams({ redirectTo: url.pathname + url.search, notice: 'confirm-address' })}`,
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, AddressConfirmationSchema)
  const user = await getSessionUser(request)
  if (submission.status !== 'valid' || !user) return json<AddressConfirmationActionData>({ linkInvalid: true }, { status: 400 })
  let proof
  try {
    proof = await confirmAddress(submission.value.token, user)
  } catch (error) {
    console.error('confirm-email: could not confirm the address', error)
    return json<AddressConfirmationActionData>({ formError: ERRORS.formFailed }, { status: 500 })
  }
  if (proof === 'unusable') return json<AddressConfirmationActionData>({ linkInvalid: true }, { status: 400 })
  if (proof === 'taken') return json<AddressConfirmationActionData>({ addressTaken: true }, { status: 409 })
  if (proof !== 'changed') return redirect('/dashboard?notice=address-confirmed')
  // The browser's entry names the old address: it gets the new one's, so it stays known.
  const known = await rememberSignIn(request, (await getSessionUser(request).catch(() => null))?.email ?? '')
  return redirect('/account?notice=address-changed', known ? { headers: { 'Set-Cookie': known } } : {})
}
