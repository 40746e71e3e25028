import * as v from 'valibot'

import { EmailField, OneOf, PersonName, RequiredText } from '~/forms/rules'
import { MESSAGES } from '~/messages'

export const YEAR_GROUPS = [
  'Reception',
  ...Array.from({ length: 13 }, (_, index) => `Year ${index + 1}`),
  'University or adult learner',
] as const

// Whether the session is on the timetable and has a place left is checked by the action.
export const ClassReservationSchema = v.object({
  session: RequiredText('Please choose a class from the timetable', 120),
  name: PersonName(MESSAGES.nameRequired),
  email: EmailField,
  yearGroup: OneOf(YEAR_GROUPS, "Please choose the student's year group"),
})

export const RESERVATION_REFUSALS = {
  full: 'Sorry, this class is full. Please choose another class or date.',
  duplicate: 'This email already has a place in this class. Check your inbox for the confirmation.',
  closed: 'This class has started or is no longer on the timetable. Please choose another.',
} as const
