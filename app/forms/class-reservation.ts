import { MESSAGES } from '~/messages'
import { EMAIL_RULES, LIMITS, maxLength, oneOf, required, type FormSchema } from '~/forms/rules'

export const CLASS_RESERVATION_FIELDS = ['session', 'name', 'email', 'yearGroup'] as const

export const YEAR_GROUPS = [
  'Reception',
  ...Array.from({ length: 13 }, (_, index) => `Year ${index + 1}`),
  'University or adult learner',
] as const

const CHOOSE_YEAR_GROUP = "Please choose the student's year group"

// Whether the session is on the timetable and has a place left is checked by the action.
export const ClassReservationForm: FormSchema<(typeof CLASS_RESERVATION_FIELDS)[number]> = {
  session: [required('Please choose a class from the timetable')],
  name: [required(MESSAGES.nameRequired), maxLength(LIMITS.name)],
  email: EMAIL_RULES,
  yearGroup: [required(CHOOSE_YEAR_GROUP), oneOf(YEAR_GROUPS, CHOOSE_YEAR_GROUP)],
}

export const RESERVATION_REFUSALS = {
  full: 'Sorry, this class is full. Please choose another class or date.',
  duplicate: 'This email already has a place in this class. Check your inbox for the confirmation.',
  closed: 'This class has started or is no longer on the timetable. Please choose another.',
} as const
