import * as v from 'valibot'

import { ConfirmPasswordField, confirmationMatches, LinkToken, PasswordField, PersonName } from '~/forms/rules'
import { MESSAGES } from '~/messages'

// The invitation link's form: the tutor's name on the account, and a password (sign-up's rules).
const TutorAccountFields = v.object({
  token: LinkToken,
  name: PersonName(MESSAGES.nameRequired),
  password: PasswordField,
  confirmPassword: ConfirmPasswordField,
})

export const TutorAccountSchema = v.pipe(TutorAccountFields, confirmationMatches<v.InferOutput<typeof TutorAccountFields>>())
