import * as v from 'valibot'

import { EmailField, HiddenValue, LIMITS, PersonName, RequiredText, SomeOf, WholeNumberFrom } from '~/forms/rules'
import { MESSAGES } from '~/messages'
import { RULES } from '~/site'
import { TUTOR_SUBJECTS } from '~/content/tutor-vocabulary'
import { SEARCH_OPTIONS } from '~/tutors/options'

export const APPLICATION_SUBJECTS = TUTOR_SUBJECTS
export const APPLICATION_LEVELS = SEARCH_OPTIONS.levels.map((level) => level.label)

export const STATEMENT_MIN_LENGTH = 50

// spec §9: at least 1 year of experience, a laptop or desktop, a webcam and a microphone.
export const TutorApplicationSchema = v.object({
  name: PersonName(MESSAGES.nameRequired),
  email: EmailField,
  subjects: SomeOf(APPLICATION_SUBJECTS, 'Choose at least one subject you teach'),
  levels: SomeOf(APPLICATION_LEVELS, 'Choose at least one level you teach'),
  experienceYears: WholeNumberFrom(
    RULES.tutorMinYearsExperience,
    'Tell us how many years you have taught',
    `You need at least ${RULES.tutorMinYearsExperience} year of teaching or tutoring experience`,
  ),
  hasEquipment: v.pipe(
    HiddenValue(10),
    v.nonEmpty('You need a laptop or desktop, a webcam and a microphone to teach with us'),
    v.transform(() => true as const),
  ),
  statement: v.pipe(
    RequiredText('Tell us a little about how you teach', LIMITS.statement),
    v.minLength(STATEMENT_MIN_LENGTH, `Please write at least ${STATEMENT_MIN_LENGTH} characters`),
  ),
})

export type TutorApplication = v.InferOutput<typeof TutorApplicationSchema>
