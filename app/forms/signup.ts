import * as v from 'valibot'

import { ConfirmPasswordField, confirmationMatches, EmailField, PasswordField, PersonName } from '~/forms/rules'
import { MESSAGES } from '~/messages'

// spec §5 "Sign-up".
const SignupFields = v.object({
  name: PersonName(MESSAGES.nameRequired),
  email: EmailField,
  password: PasswordField,
  confirmPassword: ConfirmPasswordField,
})

export const SignupSchema = v.pipe(SignupFields, confirmationMatches<v.InferOutput<typeof SignupFields>>())
