import * as v from 'valibot'

import { EmailField, HiddenValue, ReturnPath } from '~/forms/rules'
import { ENHANCED_FIELD } from '~/http/enhanced-post'

// spec §5 "Newsletter": a required e-mail. `redirectTo` brings a visitor without JavaScript
// back to the page they were on; ENHANCED_FIELD is '1' from the hydrated form, which wants data.
export const NewsletterSchema = v.object({
  email: EmailField,
  redirectTo: ReturnPath,
  [ENHANCED_FIELD]: HiddenValue(1),
})

export type NewsletterResult = { ok: boolean; message: string }

export const NEWSLETTER_MESSAGES = {
  subscribed: "You're subscribed. Look out for our next newsletter.",
  alreadySubscribed: "You're already subscribed with that address, so there's nothing more to do.",
} as const
