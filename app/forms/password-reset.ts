import { MESSAGES } from '~/messages'
import { EMAIL_RULES, PASSWORD_RULES, required, sameAs, type FormSchema } from '~/forms/rules'

// spec §5 "Reset": the e-mail, required and format-checked.
export const FORGOT_PASSWORD_FIELDS = ['email'] as const

export const ForgotPasswordForm: FormSchema<(typeof FORGOT_PASSWORD_FIELDS)[number]> = {
  email: EMAIL_RULES,
}

// The new password follows the sign-up rules.
export const RESET_PASSWORD_FIELDS = ['password', 'confirmPassword'] as const

export const ResetPasswordForm: FormSchema<(typeof RESET_PASSWORD_FIELDS)[number]> = {
  password: PASSWORD_RULES,
  confirmPassword: [required(MESSAGES.confirmPassword), sameAs('password', MESSAGES.passwordsDoNotMatch)],
}

export const RESET_LINK_LIFETIME_MINUTES = 60
