import { MESSAGES } from '~/messages'
import { EMAIL_RULES, LIMITS, maxLength, required, type FormSchema } from '~/forms/rules'

export const LESSON_REQUEST_FIELDS = ['slot', 'name', 'email', 'message'] as const

// Whether the slot is still free is checked by the action against the tutor's timetable.
export const LessonRequestForm: FormSchema<(typeof LESSON_REQUEST_FIELDS)[number]> = {
  slot: [required('Choose one of the free times')],
  name: [required(MESSAGES.nameRequired), maxLength(LIMITS.name)],
  email: EMAIL_RULES,
  message: [maxLength(LIMITS.statement)],
}

export const SLOT_TAKEN = 'That time is no longer free. Please choose another.'
