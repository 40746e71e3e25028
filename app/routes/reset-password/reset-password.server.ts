// What /reset-password loads and what its form does: a reset link checked, and the new password set.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { isResetTokenUsable, resetPassword } from '~/accounts/accounts.server'
import { rememberSignIn } from '~/accounts/known-browsers.server'
import { getPage } from '~/content/pages.server'
import { ResetPasswordSchema } from '~/forms/password-reset'
import { readSubmission, type FormReply } from '~/forms/pipeline.server'
import { redirect } from '~/http/responses.server'
import { ERRORS } from '~/messages'

export type ResetPasswordActionData = Partial<Pick<FormReply<typeof ResetPasswordSchema>, 'fieldErrors'>> & {
  formError?: string
  linkInvalid?: boolean
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return json({ page: await getPage('reset-password'), token, linkUsable: await isResetTokenUsable(token) })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, ResetPasswordSchema)
  if (submission.status === 'spam') return json<ResetPasswordActionData>({ linkInvalid: true }, { status: 400 })
  // The passwords are never echoed back, and the token travels in the page itself.
  if (submission.status === 'invalid') return json<ResetPasswordActionData>({ fieldErrors: submission.reply.fieldErrors }, { status: 400 })
  const { token, password } = submission.value
  let email: string | null
  try {
    email = await resetPassword(token, password)
  } catch (error) {
    console.error('reset-password: could not save the new password', error)
    return json<ResetPasswordActionData>({ formError: ERRORS.formFailed }, { status: 500 })
  }
  if (email === null) return json<ResetPasswordActionData>({ linkInvalid: true }, { status: 400 })
  // The link proved the mailbox: this browser is its owner's, as if it had signed in (known-browsers.server).
  const known = await rememberSignIn(request, email)
  return redirect('/login?notice=password-changed', known ? { headers: { 'Set-Cookie': known } } : {})
}
