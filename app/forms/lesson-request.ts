import * as v from 'valibot'

import { EmailField, LIMITS, OptionalText, PersonName, RequiredText } from '~/forms/rules'
import { MESSAGES } from '~/messages'

// Whether the slot is still free is checked by the action against the tutor's timetable.
export const LessonRequestSchema = v.object({
  slot: RequiredText('Choose one of the free times', 40),
  name: PersonName(MESSAGES.nameRequired),
  email: EmailField,
  message: OptionalText(LIMITS.statement),
})

export const SLOT_TAKEN = 'That time is no longer free. Please choose another.'
