// What /login loads and what its form does: notices shown on arrival, and a checked, throttled sign-in.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { verifyLogin } from '~/accounts/accounts.server'
import { rememberSignIn, signedInHereAs } from '~/accounts/known-browsers.server'
import { createLoginSession, endSession, getSessionUser } from '~/accounts/session.server'
import { getPage } from '~/content/pages.server'
import { normaliseEmail } from '~/db/accounts.server'
import { clearAttempts, forgetAttempts, recordAttemptUnlessThrottled, THROTTLE_LIMITS } from '~/db/throttle.server'
import { LoginSchema } from '~/forms/login'
import { readSubmission, type FormReply } from '~/forms/pipeline.server'
import type { SocialSignInResult } from '~/forms/social-sign-in'
import { answerSocialSignIn, isSocialSignIn } from '~/forms/social-sign-in.server'
import { clientAddress } from '~/http/client-address.server'
import { redirect } from '~/http/responses.server'
import { safeRedirectPath } from '~/http/safe-redirect'
import { sharedPage } from '~/http/cache-control.server'
import { ERRORS } from '~/messages'
import { NOTICES } from '~/messages/notices'
import { OFFICE_NOTICES } from '~/messages/office'

// Notices other pages send here; only these keys are shown, never text from the URL.
const LOGIN_NOTICES = {
  created: NOTICES.accountCreated,
  'password-changed': NOTICES.passwordChanged,
  'logged-out': NOTICES.loggedOut,
  required: NOTICES.loginRequired,
  'confirm-address': NOTICES.logInToConfirmAddress,
  'class-place': NOTICES.classPlaceNeedsAccount,
  'tutor-account-created': OFFICE_NOTICES.tutorAccountCreated,
} as const

export type LoginActionData = Partial<FormReply<typeof LoginSchema>> & SocialSignInResult & { formError?: string }

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  if (await getSessionUser(request)) throw redirect(safeRedirectPath(params.get('redirectTo'), '/dashboard'))
  const noticeKey = params.get('notice') ?? (params.has('redirectTo') ? 'required' : '')
  const known = Object.hasOwn(LOGIN_NOTICES, noticeKey)
  const notice = known ? LOGIN_NOTICES[noticeKey as keyof typeof LOGIN_NOTICES] : null
  // The page sends a visitor back where they came from (?redirectTo=…): that page is theirs alone.
  const shared = params.has('redirectTo') ? undefined : sharedPage(request, known ? `?${new URLSearchParams({ notice: noticeKey })}` : '')
  return json({ page: await getPage('login'), notice }, shared)
}

export async function action({ request }: ActionFunctionArgs) {
  if (isSocialSignIn(request)) return answerSocialSignIn(request)
  const submission = await readSubmission(request, LoginSchema)
  if (submission.status === 'spam') return redirect('/login')
  if (submission.status === 'invalid') return json<LoginActionData>(submission.reply, { status: 400 })
  const { email, password, remember, redirectTo } = submission.value
  // What the form shows again after a refusal: the address, and the 'Remember me' the visitor ticked.
  const values = { email, ...(remember ? { remember: 'on' } : {}) }

  const address = clientAddress(request)
  const client = address === null ? null : `client:${address}`
  // Kept apart from the counts below, which a success takes back: it counts the successes too.
  const login = await recordAttemptUnlessThrottled([[address === null ? null : `logins:${address}`, THROTTLE_LIMITS.loginsPerClient]])
  if (login === null) return json<LoginActionData>({ formError: NOTICES.tooManyAttempts, values }, { status: 429 })
  // An address's guesses are counted per client, so a stranger's cannot lock its owner out, and
  // in all, with a higher ceiling, so many clients together cannot guess on without end. A browser
  // the account has signed in on is held, instead of that ceiling, which strangers can reach, to
  // one as high of its own entry's: a copy of the entry used from many clients meets it too.
  const emailKey = address === null ? `email:${normaliseEmail(email)}` : `email:${normaliseEmail(email)} from ${address}`
  const entry = await signedInHereAs(request, email)
  const everywhere = [entry ? `known-browser:${entry}` : `email-everywhere:${normaliseEmail(email)}`, THROTTLE_LIMITS.loginPerEmailEverywhere] as const
  // Counted before the slow password check, so parallel guesses cannot all slip under the limit:
  // the first key (the address in all, or the browser's entry) is the lock every such guess takes.
  const attempts = await recordAttemptUnlessThrottled([everywhere, [emailKey, THROTTLE_LIMITS.loginPerEmail], [client, THROTTLE_LIMITS.loginPerClient]])
  if (attempts === null) {
    // Refused before any password is checked: nothing is counted.
    await forgetAttempts(login)
    return json<LoginActionData>({ formError: NOTICES.tooManyAttempts, values }, { status: 429 })
  }
  const verified = await verifyLogin(email, password)
  // A password changed between the check and the session (a reset, a tutor invitation's takeover) is the
  // account's no more: that login fails as a wrong one does.
  const session = verified && (await createLoginSession(verified.user.id, remember, verified.passwordHash))
  if (!session) return json<LoginActionData>({ formError: ERRORS.loginFailed, values }, { status: 401 })
  await forgetAttempts(attempts)
  await clearAttempts(emailKey)
  await endSession(request)
  const headers = new Headers()
  headers.append('Set-Cookie', session)
  const known = await rememberSignIn(request, email)
  if (known) headers.append('Set-Cookie', known)
  return redirect(safeRedirectPath(redirectTo, '/dashboard'), { headers })
}
