import * as v from 'valibot'

import { EmailField, LIMITS, OptionalText, RequiredText } from '~/forms/rules'
import { MESSAGES } from '~/messages'

// Whether the slot is still free is checked by the action against the tutor's timetable.
export const LessonRequestSchema = v.object({
  slot: v.pipe(v.string(), v.trim(), v.nonEmpty('Choose one of the free times')),
  name: RequiredText(MESSAGES.nameRequired, LIMITS.name),
  email: EmailField,
  message: OptionalText(LIMITS.statement),
})

export const SLOT_TAKEN = 'That time is no longer free. Please choose another.'
