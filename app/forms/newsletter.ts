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

// One answer whatever the address: the box never tells a stranger whether an address is on the list.
export const NEWSLETTER_MESSAGES = {
  checkInbox: "Thank you. Unless that address is already subscribed, we've e-mailed it a link: you're subscribed once you follow it.",
} as const
