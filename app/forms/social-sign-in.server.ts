import { json } from '@remix-run/node'

import { readSubmission } from '~/forms/pipeline.server'
import { SOCIAL_PROVIDERS, SOCIAL_SIGN_IN_QUERY, SocialSignInSchema, type SocialSignInResult } from '~/forms/social-sign-in'
import { NOTICES } from '~/messages/notices'

/** True when the post came from the Google, Facebook or Apple buttons rather than the page's own form. */
export function isSocialSignIn(request: Request) {
  return new URL(request.url).searchParams.has(SOCIAL_SIGN_IN_QUERY)
}

/** The answer to a social button: no identity provider is connected yet, and the notice says so. */
export async function answerSocialSignIn(request: Request) {
  const submission = await readSubmission(request, SocialSignInSchema)
  const chosen = submission.status === 'valid' ? submission.value.provider : ''
  const provider = SOCIAL_PROVIDERS.find((name) => name === chosen) ?? 'that service'
  return json<SocialSignInResult>({ socialNotice: NOTICES.socialUnavailable(provider) })
}
