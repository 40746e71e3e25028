import { MESSAGES } from '~/messages'
import { EMAIL_RULES, LIMITS, maxLength, PASSWORD_RULES, required, sameAs, type FormSchema } from '~/forms/rules'

export const SIGNUP_FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const

// spec §5 "Sign-up".
export const SignupForm: FormSchema<(typeof SIGNUP_FIELDS)[number]> = {
  name: [required(MESSAGES.nameRequired), maxLength(LIMITS.name)],
  email: EMAIL_RULES,
  password: PASSWORD_RULES,
  confirmPassword: [required(MESSAGES.confirmPassword), sameAs('password', MESSAGES.passwordsDoNotMatch)],
}
