import * as v from 'valibot'

import { OneOf, PersonName, RequiredText } from '~/forms/rules'
import { MESSAGES } from '~/messages'
import { ACCOUNT_DELETED } from '~/messages/booking'

export const YEAR_GROUPS = [
  'Reception',
  ...Array.from({ length: 13 }, (_, index) => `Year ${index + 1}`),
  'University or adult learner',
] as const

// Whether the session is on the timetable and has a place left is checked by the action. The
// address is the signed-in account's, proven by its link: never one typed here (decision 022).
export const ClassReservationSchema = v.object({
  session: RequiredText('Please choose a class from the timetable', 120),
  name: PersonName(MESSAGES.nameRequired),
  yearGroup: OneOf(YEAR_GROUPS, "Please choose the student's year group"),
})

export const RESERVATION_REFUSALS = {
  full: 'Sorry, this class is full. Please choose another class or date.',
  duplicate: 'You already have a place in this class. Check your inbox for the confirmation.',
  unconfirmed: 'Please confirm your email address first: open the link in our confirmation email, or send a new one from your dashboard. Then reserve your place.',
  closed: 'This class has started or is no longer on the timetable. Please choose another.',
  'account-gone': ACCOUNT_DELETED,
} as const
