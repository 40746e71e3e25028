// What /login loads and what its form does: notices shown on arrival, and a checked, throttled sign-in.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { verifyLogin, normaliseEmail } from '~/accounts/accounts.server'
import { getPage } from '~/content/pages.server'
import { LOGIN_FIELDS, LoginForm, socialSignInNotice } from '~/forms/login'
import { ERRORS, NOTICES } from '~/messages'
import { readForm } from '~/forms/pipeline.server'
import { safeRedirectPath } from '~/http/safe-redirect'
import { createSession, getSessionUser } from '~/accounts/session.server'
import { clearAttempts, clientKey, forgetAttempts, isThrottled, recordAttempt, THROTTLE_LIMITS } from '~/db/throttle.server'
import { hasErrors, readFields, validate, type FieldErrors } from '~/forms/rules'

// Notices other pages send here; only these keys are shown, never text from the URL.
const LOGIN_NOTICES = {
  created: NOTICES.accountCreated,
  'password-changed': NOTICES.passwordChanged,
  'logged-out': NOTICES.loggedOut,
  required: NOTICES.loginRequired,
} as const

export type LoginActionData = {
  fieldErrors?: FieldErrors<(typeof LOGIN_FIELDS)[number]>
  formError?: string
  socialNotice?: string
  email?: string
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  if (await getSessionUser(request)) throw redirect(safeRedirectPath(params.get('redirectTo'), '/dashboard'))
  const noticeKey = params.get('notice') ?? (params.has('redirectTo') ? 'required' : '')
  const notice = Object.hasOwn(LOGIN_NOTICES, noticeKey) ? LOGIN_NOTICES[noticeKey as keyof typeof LOGIN_NOTICES] : null
  return json({ page: await getPage('login'), notice })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const social = socialSignInNotice(form)
  if (social) return json<LoginActionData>(social)

  const values = readFields(form, LOGIN_FIELDS)
  const fieldErrors = validate(LoginForm, values)
  if (hasErrors(fieldErrors)) return json<LoginActionData>({ fieldErrors, email: values.email }, { status: 400 })

  const emailKey = `email:${normaliseEmail(values.email)}`
  const client = clientKey(request)
  if (isThrottled([[emailKey, THROTTLE_LIMITS.loginPerEmail], [client, THROTTLE_LIMITS.loginPerClient]])) {
    return json<LoginActionData>({ formError: NOTICES.tooManyAttempts, email: values.email }, { status: 429 })
  }
  // Counted before the slow password check, so parallel guesses cannot all slip under the limit.
  const attempts = recordAttempt([emailKey, client])
  const user = await verifyLogin(values.email, values.password)
  if (!user) return json<LoginActionData>({ formError: ERRORS.loginFailed, email: values.email }, { status: 401 })
  forgetAttempts(attempts)
  clearAttempts(emailKey)
  const cookie = await createSession(user.id, form.get('remember') === 'on')
  return redirect(safeRedirectPath(form.get('redirectTo'), '/dashboard'), { headers: { 'Set-Cookie': cookie } })
}
