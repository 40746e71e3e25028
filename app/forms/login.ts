import * as v from 'valibot'

import { EmailField, PasswordField } from '~/forms/rules'

// spec §5 "Login": the e-mail and password rules, including the 6-character minimum.
export const LoginSchema = v.object({
  email: EmailField,
  password: PasswordField,
  // A ticked checkbox sends "on"; an unticked one sends nothing.
  remember: v.pipe(v.string(), v.transform((value) => value !== '')),
  redirectTo: v.string(),
})
