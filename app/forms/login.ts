import * as v from 'valibot'

import { EmailField, HiddenValue, PasswordField, ReturnPath } from '~/forms/rules'

// spec §5 "Login": the e-mail and password rules, including the 6-character minimum.
export const LoginSchema = v.object({
  email: EmailField,
  password: PasswordField,
  // A ticked checkbox sends "on"; an unticked one sends nothing.
  remember: v.pipe(HiddenValue(10), v.transform((value) => value !== '')),
  redirectTo: ReturnPath,
})
