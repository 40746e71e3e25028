import * as v from 'valibot'

import { EmailField, LIMITS, OneOf, RequiredText } from '~/forms/rules'
import { MESSAGES } from '~/messages'

export const YEAR_GROUPS = [
  'Reception',
  ...Array.from({ length: 13 }, (_, index) => `Year ${index + 1}`),
  'University or adult learner',
] as const

// Whether the session is on the timetable and has a place left is checked by the action.
export const ClassReservationSchema = v.object({
  session: v.pipe(v.string(), v.trim(), v.nonEmpty('Please choose a class from the timetable')),
  name: RequiredText(MESSAGES.nameRequired, LIMITS.name),
  email: EmailField,
  yearGroup: OneOf(YEAR_GROUPS, "Please choose the student's year group"),
})

export const RESERVATION_REFUSALS = {
  full: 'Sorry, this class is full. Please choose another class or date.',
  duplicate: 'This email already has a place in this class. Check your inbox for the confirmation.',
  closed: 'This class has started or is no longer on the timetable. Please choose another.',
} as const
