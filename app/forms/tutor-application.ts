import { MESSAGES } from '~/messages'
import { RULES, SEARCH_OPTIONS, TUTOR_SUBJECTS } from '~/site'
import { EMAIL_RULES, LIMITS, maxLength, minLength, required, wholeNumberFrom, type FormSchema, type Rule } from '~/forms/rules'

export const APPLICATION_TEXT_FIELDS = ['name', 'email', 'experienceYears', 'statement', 'hasEquipment'] as const
export const APPLICATION_LIST_FIELDS = ['subjects', 'levels'] as const

export const APPLICATION_SUBJECTS = TUTOR_SUBJECTS
export const APPLICATION_LEVELS = SEARCH_OPTIONS.levels.map((level) => level.label)

export const STATEMENT_MIN_LENGTH = 50

// Lists arrive joined by newlines, so one rule shape serves text and checkbox groups.
const someOf =
  (allowed: readonly string[], message: string): Rule =>
  (value) => {
    const chosen = value.split('\n').filter(Boolean)
    return chosen.length === 0 || chosen.some((item) => !allowed.includes(item)) ? message : null
  }

// spec §9: at least 1 year of experience, a laptop or desktop, a webcam and a microphone.
export const TutorApplicationForm: FormSchema<
  (typeof APPLICATION_TEXT_FIELDS)[number] | (typeof APPLICATION_LIST_FIELDS)[number]
> = {
  name: [required(MESSAGES.nameRequired), maxLength(LIMITS.name)],
  email: EMAIL_RULES,
  subjects: [someOf(APPLICATION_SUBJECTS, 'Choose at least one subject you teach')],
  levels: [someOf(APPLICATION_LEVELS, 'Choose at least one level you teach')],
  experienceYears: [
    required('Tell us how many years you have taught'),
    wholeNumberFrom(RULES.tutorMinYearsExperience, `You need at least ${RULES.tutorMinYearsExperience} year of teaching or tutoring experience`),
  ],
  hasEquipment: [required('You need a laptop or desktop, a webcam and a microphone to teach with us')],
  statement: [
    required('Tell us a little about how you teach'),
    minLength(STATEMENT_MIN_LENGTH, `Please write at least ${STATEMENT_MIN_LENGTH} characters`),
    maxLength(LIMITS.statement),
  ],
}
