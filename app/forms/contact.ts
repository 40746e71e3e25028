import { MESSAGES } from '~/messages'
import { email, LIMITS, maxLength, oneOf, required, type FormSchema } from '~/forms/rules'

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const

export const CONTACT_SUBJECTS = [
  'General question',
  'Booking or lessons',
  'Payments and refunds',
  'My account',
  'Tutor application',
  'Safeguarding concern',
  'Accessibility problem',
  'Report a review',
  'Something else',
] as const

// spec §5: the browser requires all four fields; the server checks the same and more.
export const ContactForm: FormSchema<(typeof CONTACT_FIELDS)[number]> = {
  name: [required('Please enter your name'), maxLength(LIMITS.name)],
  email: [required(MESSAGES.emailRequired), email(), maxLength(LIMITS.email, MESSAGES.emailInvalid)],
  subject: [required('Please choose a subject'), oneOf(CONTACT_SUBJECTS, 'Please choose a subject from the list')],
  message: [required('Please write your message'), maxLength(LIMITS.message)],
}
