import { json, type ActionFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { createPasswordResetToken, normaliseEmail } from '~/accounts.server'
import { AuthCard } from '~/components/auth-card'
import { ContentPage } from '~/components/content-page'
import { FormNotice, Honeypot, HONEYPOT_FIELD, SubmitButton, TextField } from '~/components/form-field'
import { useValidatedForm } from '~/components/use-validated-form'
import { getPage } from '~/content.server'
import { useIsPosting } from '~/form-navigation'
import { FORGOT_PASSWORD_FIELDS, ForgotPasswordForm, RESET_LINK_LIFETIME_MINUTES } from '~/forms/password-reset'
import { sendMail, siteOrigin } from '~/mail.server'
import { ERRORS } from '~/messages'
import { readForm } from '~/request-form.server'
import { SITE } from '~/site'
import { isThrottled, recordAttempt, THROTTLE_LIMITS } from '~/throttle.server'
import { hasErrors, readFields, validate, type FieldErrors } from '~/validation'

export { contentMeta as meta } from '~/components/content-page'

type ForgotPasswordActionData = {
  fieldErrors?: FieldErrors<'email'>
  formError?: string
  sentTo?: string
  email?: string
}

export async function loader() {
  return json({ page: await getPage('forgot-password') })
}

/**
 * Makes a reset link for a known address and sends it in the background, so the
 * answer takes the same time whether or not the address has an account.
 */
function startPasswordReset(email: string) {
  // Only a few e-mails per address per hour, so the form cannot be used to flood an inbox.
  const key = `reset:${normaliseEmail(email)}`
  if (isThrottled([[key, THROTTLE_LIMITS.resetEmailsPerAddress]])) return
  recordAttempt([key])
  const reset = createPasswordResetToken(email)
  if (reset) {
    sendResetLink(reset.user, reset.token).catch((error: unknown) => console.error('forgot-password: could not send the reset e-mail', error))
  }
}

async function sendResetLink(user: { name: string; email: string }, token: string) {
  const link = `${siteOrigin()}/reset-password?${new URLSearchParams({ token })}`
  await sendMail({
    to: user.email,
    subject: `Reset your ${SITE.name} password`,
    text: [
      `Hello ${user.name},`,
      '',
      'Someone asked to reset the password of your account. To choose a new one, open this link:',
      '',
      link,
      '',
      `The link works once and expires in ${RESET_LINK_LIFETIME_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays the same.`,
      '',
      SITE.name,
    ].join('\n'),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const values = readFields(form, FORGOT_PASSWORD_FIELDS)
  const fieldErrors = validate(ForgotPasswordForm, values)
  if (hasErrors(fieldErrors)) return json<ForgotPasswordActionData>({ fieldErrors, email: values.email }, { status: 400 })
  const email = values.email.trim()
  if (!form.get(HONEYPOT_FIELD)) {
    try {
      startPasswordReset(email)
    } catch (error) {
      console.error('forgot-password: could not start the reset', error)
      return json<ForgotPasswordActionData>({ formError: ERRORS.formFailed, email }, { status: 500 })
    }
  }
  // The same answer for known and unknown addresses, so the form reveals no accounts.
  return json<ForgotPasswordActionData>({ sentTo: email })
}

export default function ForgotPasswordRoute() {
  const { page } = useLoaderData<typeof loader>()
  const data = useActionData<ForgotPasswordActionData>()
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(ForgotPasswordForm, data?.fieldErrors)
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        {data?.sentTo ? (
          <div role="status">
            <h2 className="text-xl font-semibold text-ink-900">Check Your Email</h2>
            <p className="mt-2 text-ink-700">
              We have sent password reset instructions to <strong className="break-all">{data.sentTo}</strong>. The link
              expires in {RESET_LINK_LIFETIME_MINUTES} minutes.
            </p>
          </div>
        ) : (
          <>
            {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
            <Form method="post" noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="relative mt-2">
              <Honeypot />
              <fieldset disabled={busy} className="space-y-5">
                <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={data?.email} error={errors.email} />
                <SubmitButton busy={busy} label="Send Reset Link" busyLabel="Sending..." />
              </fieldset>
            </Form>
          </>
        )}
        <p className="mt-6 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Back to log in
          </Link>
          <Link to="/signup" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Create an account
          </Link>
        </p>
      </AuthCard>
    </ContentPage>
  )
}
