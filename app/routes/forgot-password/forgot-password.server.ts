// What /forgot-password loads and what its form does: a throttled request for a reset link by e-mail.
import { json, type ActionFunctionArgs } from '@remix-run/node'

import { createPasswordResetToken, normaliseEmail } from '~/accounts/accounts.server'
import { HONEYPOT_FIELD } from '~/forms/fields'
import { getPage } from '~/content/pages.server'
import { FORGOT_PASSWORD_FIELDS, ForgotPasswordForm, RESET_LINK_LIFETIME_MINUTES } from '~/forms/password-reset'
import { sendMail, siteOrigin } from '~/mail/mail.server'
import { ERRORS } from '~/messages'
import { readForm } from '~/forms/pipeline.server'
import { SITE } from '~/site'
import { isThrottled, recordAttempt, THROTTLE_LIMITS } from '~/db/throttle.server'
import { hasErrors, readFields, validate, type FieldErrors } from '~/forms/rules'

export type ForgotPasswordActionData = {
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
