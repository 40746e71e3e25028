import { EMAIL_RULES, type FormSchema } from '~/forms/rules'

export const NewsletterForm: FormSchema<'email'> = { email: EMAIL_RULES }

export type NewsletterResult = { ok: boolean; message: string }

export const NEWSLETTER_MESSAGES = {
  subscribed: "You're subscribed. Look out for our next newsletter.",
  alreadySubscribed: "You're already subscribed with that address, so there's nothing more to do.",
} as const
