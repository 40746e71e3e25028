// What /forgot-password loads and what its form does: a throttled request for a reset link by e-mail.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { createPasswordResetTokenFor } from '~/accounts/accounts.server'
import { findUserByEmail } from '~/db/accounts.server'
import { getPage } from '~/content/pages.server'
import { ForgotPasswordSchema } from '~/forms/password-reset'
import { isOverClientLimit } from '~/forms/client-limits.server'
import { readSubmission, type FormReply } from '~/forms/pipeline.server'
import { passwordResetEmail } from '~/mail/emails.server'
import { mayMailVisitor, queueMail } from '~/mail/mail.server'
import { sharedPage } from '~/http/cache-control.server'
import { ERRORS } from '~/messages'
import { NOTICES } from '~/messages/notices'

export type ForgotPasswordActionData = Partial<FormReply<typeof ForgotPasswordSchema>> & { formError?: string; sentTo?: string }

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ page: await getPage('forgot-password') }, sharedPage(request))
}

/**
 * Makes a reset link for an account's address, within its hourly limit of links, and sends it in
 * the background. An address with no account is sent nothing and counts against nothing: its
 * mailbox may be an account's (a tag of it, ann+1@ for ann@), whose own reset link a stranger's
 * requests must not use up. The time this saves tells no one more than a sign-up does
 * (docs/security.md, known gap 6).
 */
async function startPasswordReset(email: string) {
  const found = await findUserByEmail(email)
  if (!found || !(await mayMailVisitor(found.user.email, 'account link', found.user.emailConfirmed))) return
  const token = await createPasswordResetTokenFor(found.user)
  await queueMail({ to: found.user.email, ...passwordResetEmail(found.user.name, token) }, 'a password reset link')
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, ForgotPasswordSchema)
  if (submission.status === 'invalid') return json<ForgotPasswordActionData>(submission.reply, { status: 400 })
  // The same answer for known and unknown addresses, so the form reveals no accounts;
  // software that filled the hidden field gets it too, and no e-mail is sent.
  if (submission.status === 'spam') return json<ForgotPasswordActionData>({ sentTo: String(submission.values.email ?? '') })
  const { email } = submission.value
  try {
    if (await isOverClientLimit(request, 'reset link')) return json<ForgotPasswordActionData>({ formError: NOTICES.tooManyRequests, values: { email } }, { status: 429 })
    await startPasswordReset(email)
  } catch (error) {
    console.error('forgot-password: could not start the reset', error)
    return json<ForgotPasswordActionData>({ formError: ERRORS.formFailed, values: { email } }, { status: 500 })
  }
  return json<ForgotPasswordActionData>({ sentTo: email })
}
