import * as v from 'valibot'

import { ConfirmPasswordField, confirmationMatches, EmailField, LIMITS, PasswordField, RequiredText } from '~/forms/rules'
import { MESSAGES } from '~/messages'

// spec §5 "Sign-up".
const SignupFields = v.object({
  name: RequiredText(MESSAGES.nameRequired, LIMITS.name),
  email: EmailField,
  password: PasswordField,
  confirmPassword: ConfirmPasswordField,
})

export const SignupSchema = v.pipe(SignupFields, confirmationMatches<v.InferOutput<typeof SignupFields>>())
