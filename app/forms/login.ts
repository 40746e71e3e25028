import { EMAIL_RULES, PASSWORD_RULES, type FormSchema } from '~/forms/rules'
import { NOTICES } from '~/messages'

// spec §5 "Login": the e-mail and password rules, including the 6-character minimum.
export const LOGIN_FIELDS = ['email', 'password'] as const

export const LoginForm: FormSchema<(typeof LOGIN_FIELDS)[number]> = {
  email: EMAIL_RULES,
  password: PASSWORD_RULES,
}

export const SOCIAL_PROVIDERS = ['Google', 'Facebook', 'Apple'] as const

export type SocialSignInResult = { socialNotice?: string }

/** The answer to a social button, or null when the post was something else. */
export function socialSignInNotice(form: FormData): SocialSignInResult | null {
  const intent = form.get('intent')
  if (typeof intent !== 'string' || !intent.startsWith('social:')) return null
  const provider = SOCIAL_PROVIDERS.find((name) => `social:${name}` === intent) ?? 'that service'
  return { socialNotice: NOTICES.socialUnavailable(provider) }
}
