import * as v from 'valibot'

import { ConfirmPasswordField, EmailField, PasswordField } from '~/forms/rules'
import { MESSAGES } from '~/messages'

// spec §5 "Reset": the e-mail, required and format-checked.
export const ForgotPasswordSchema = v.object({ email: EmailField })

// The new password follows the sign-up rules. The token is checked against the database.
export const ResetPasswordSchema = v.pipe(
  v.object({
    token: v.string(),
    password: PasswordField,
    confirmPassword: ConfirmPasswordField,
  }),
  // spec §5: a confirmation that differs says so, even while the password breaks a rule of its own.
  v.forward(
    v.rawCheck(({ dataset, addIssue }) => {
      const { password, confirmPassword } = dataset.value as { password?: unknown; confirmPassword?: unknown }
      if (confirmPassword !== '' && confirmPassword !== password) addIssue({ message: MESSAGES.passwordsDoNotMatch })
    }),
    ['confirmPassword'],
  ),
)

export const RESET_LINK_LIFETIME_MINUTES = 60
