import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'

import { verifyLogin, normaliseEmail } from '~/accounts.server'
import { AuthCard } from '~/components/auth-card'
import { ContentPage } from '~/components/content-page'
import { FormNotice, PasswordField, SubmitButton, TextField } from '~/components/form-field'
import { SocialSignIn } from '~/components/social-sign-in'
import { useValidatedForm } from '~/components/use-validated-form'
import { getPage } from '~/content.server'
import { useIsPosting } from '~/form-navigation'
import { LOGIN_FIELDS, LoginForm, socialSignInNotice } from '~/forms/login'
import { ERRORS, NOTICES } from '~/messages'
import { readForm } from '~/request-form.server'
import { safeRedirectPath } from '~/safe-redirect'
import { createSession, getSessionUser } from '~/session.server'
import { clearAttempts, clientKey, forgetAttempts, isThrottled, recordAttempt, THROTTLE_LIMITS } from '~/throttle.server'
import { hasErrors, readFields, validate, type FieldErrors } from '~/validation'

export { contentMeta as meta } from '~/components/content-page'

// Notices other pages send here; only these keys are shown, never text from the URL.
const LOGIN_NOTICES = {
  created: NOTICES.accountCreated,
  'password-changed': NOTICES.passwordChanged,
  'logged-out': NOTICES.loggedOut,
  required: NOTICES.loginRequired,
} as const

type LoginActionData = {
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

export default function LoginRoute() {
  const { page, notice } = useLoaderData<typeof loader>()
  const data = useActionData<LoginActionData>()
  const [searchParams] = useSearchParams()
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(LoginForm, data?.fieldErrors)
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        <div className="space-y-3">
          {notice && !data ? <FormNotice tone="info">{notice}</FormNotice> : null}
          {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
        </div>
        <Form method="post" noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="mt-4">
          <input type="hidden" name="redirectTo" value={safeRedirectPath(searchParams.get('redirectTo'), '/dashboard')} />
          <fieldset disabled={busy} className="space-y-5">
            <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={data?.email} error={errors.email} />
            <PasswordField label="Password" name="password" autoComplete="current-password" error={errors.password} />
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <label className="flex items-center gap-2 text-ink-800">
                <input type="checkbox" name="remember" className="h-4 w-4 rounded border-ink-300 text-brand-700" />
                Remember me
              </label>
              <Link to="/forgot-password" className="font-medium text-brand-700 underline-offset-4 hover:underline">
                Forgot password?
              </Link>
            </div>
            <SubmitButton busy={busy} label="Sign In" busyLabel="Signing in..." />
          </fieldset>
        </Form>
        <SocialSignIn verb="Sign in" notice={data?.socialNotice} />
        <p className="mt-4 text-sm text-ink-700">
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      </AuthCard>
    </ContentPage>
  )
}
