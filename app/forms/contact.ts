import * as v from 'valibot'

import { EmailField, LIMITS, OneOf, PersonName, RequiredText } from '~/forms/rules'

/** The subject whose messages go to the Designated Safeguarding Lead (routes/contact/contact.server.ts). */
export const SAFEGUARDING_SUBJECT = 'Safeguarding concern'

export const CONTACT_SUBJECTS = [
  'General question',
  'Booking or lessons',
  'Payments and refunds',
  'My account',
  'Tutor application',
  SAFEGUARDING_SUBJECT,
  'Accessibility problem',
  'Question a rating',
  'Something else',
] as const

// spec §5: the browser requires all four fields; the server checks the same and more.
export const ContactSchema = v.object({
  name: PersonName('Please enter your name'),
  email: EmailField,
  subject: OneOf(CONTACT_SUBJECTS, 'Please choose a subject', 'Please choose a subject from the list'),
  message: RequiredText('Please write your message', LIMITS.message),
})

export type ContactMessage = v.InferOutput<typeof ContactSchema>
