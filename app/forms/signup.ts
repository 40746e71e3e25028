import * as v from 'valibot'

import { ConfirmPasswordField, EmailField, LIMITS, PasswordField, RequiredText } from '~/forms/rules'
import { MESSAGES } from '~/messages'

// spec §5 "Sign-up".
export const SignupSchema = v.pipe(
  v.object({
    name: RequiredText(MESSAGES.nameRequired, LIMITS.name),
    email: EmailField,
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
