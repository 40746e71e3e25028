import * as v from 'valibot'

import { HiddenValue } from '~/forms/rules'

export const SOCIAL_PROVIDERS = ['Google', 'Facebook', 'Apple'] as const

// The social buttons post here (spec §2); no identity provider is connected yet, so the
// answer says so. An unknown provider gets the same answer in general words.
export const SocialSignInSchema = v.object({
  provider: HiddenValue(20),
})

export type SocialSignInResult = { socialNotice?: string }

/** The query the social buttons post with, so the page's action tells them from its own form. */
export const SOCIAL_SIGN_IN_QUERY = 'social'
