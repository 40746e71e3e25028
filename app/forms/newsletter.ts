import { EMAIL_RULES, type FormSchema } from '~/validation'

export const NewsletterForm: FormSchema<'email'> = { email: EMAIL_RULES }

export type NewsletterResult = { ok: boolean; message: string }

// Remix hides a fetcher's `?_data` from the action, so the enhanced form says so itself:
// it adds this field once hydrated, and gets its answer as data rather than a redirect.
export const ENHANCED_FIELD = 'enhanced'

export const NEWSLETTER_MESSAGES = {
  subscribed: "You're subscribed. Look out for our next newsletter.",
  alreadySubscribed: "You're already subscribed with that address, so there's nothing more to do.",
} as const
