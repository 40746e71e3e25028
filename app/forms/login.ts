import { EMAIL_RULES, required, type FormSchema } from '~/validation'
import { MESSAGES, NOTICES } from '~/messages'

// spec §5: login checks the e-mail format and that a password is given. Its length is
// not checked here, so an account made under an older rule can still log in.
export const LOGIN_FIELDS = ['email', 'password'] as const

export const LoginForm: FormSchema<(typeof LOGIN_FIELDS)[number]> = {
  email: EMAIL_RULES,
  password: [required(MESSAGES.passwordRequired)],
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
