import * as v from 'valibot'

import { ConfirmPasswordField, confirmationMatches, EmailField, LinkToken, PasswordField } from '~/forms/rules'

// spec §5 "Reset": the e-mail, required and format-checked.
export const ForgotPasswordSchema = v.object({ email: EmailField })

// The new password follows the sign-up rules. The token is checked against the database.
const ResetPasswordFields = v.object({
  token: LinkToken,
  password: PasswordField,
  confirmPassword: ConfirmPasswordField,
})

export const ResetPasswordSchema = v.pipe(ResetPasswordFields, confirmationMatches<v.InferOutput<typeof ResetPasswordFields>>())

export const RESET_LINK_LIFETIME_MINUTES = 60
