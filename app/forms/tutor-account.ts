import * as v from 'valibot'

import { ConfirmPasswordField, LIMITS, PasswordField, RequiredText } from '~/forms/rules'
import { MESSAGES } from '~/messages'

// The invitation link's form: the tutor's name on the account, and a password (sign-up's rules).
export const TutorAccountSchema = v.pipe(
  v.object({
    token: v.string(),
    name: RequiredText(MESSAGES.nameRequired, LIMITS.name),
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
