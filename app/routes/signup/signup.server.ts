// What /signup loads and what its form does: a new account, or the reasons it cannot be made.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { createAccount } from '~/accounts/accounts.server'
import { getSessionUser } from '~/accounts/session.server'
import { getPage } from '~/content/pages.server'
import { isOverClientLimit } from '~/forms/client-limits.server'
import { readSubmission, type FormReply } from '~/forms/pipeline.server'
import { SignupSchema } from '~/forms/signup'
import type { SocialSignInResult } from '~/forms/social-sign-in'
import { answerSocialSignIn, isSocialSignIn } from '~/forms/social-sign-in.server'
import { sharedPage } from '~/http/cache-control.server'
import { redirect } from '~/http/responses.server'
import { ERRORS } from '~/messages'
import { NOTICES } from '~/messages/notices'

export type SignupActionData = Partial<FormReply<typeof SignupSchema>> & SocialSignInResult & { formError?: string }

const CREATED = '/login?notice=created'

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) throw redirect('/dashboard')
  return json({ page: await getPage('signup') }, sharedPage(request))
}

export async function action({ request }: ActionFunctionArgs) {
  if (isSocialSignIn(request)) return answerSocialSignIn(request)
  const submission = await readSubmission(request, SignupSchema)
  // Software that fills the hidden field is told all went well and nothing is stored.
  if (submission.status === 'spam') return redirect(CREATED)
  if (submission.status === 'invalid') return json<SignupActionData>(submission.reply, { status: 400 })
  const { name, email, password } = submission.value
  const values = { name, email }
  try {
    if (await isOverClientLimit(request, 'sign-up')) return json<SignupActionData>({ formError: NOTICES.tooManyRequests, values }, { status: 429 })
    // A new account and a known address are answered alike: the address's owner hears from us either way.
    await createAccount({ name, email, password })
  } catch (error) {
    console.error('signup: could not create the account', error)
    return json<SignupActionData>({ formError: ERRORS.formFailed, values }, { status: 500 })
  }
  return redirect(CREATED)
}
