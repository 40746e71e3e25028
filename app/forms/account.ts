// The forms of /account (issue 28): the learner's profile, the account's name and address, its
// password, and deleting it. Each posts with `?intent=…`; a current password is checked on the server.
import * as v from 'valibot'

import { TUTOR_LEVELS, TUTOR_SUBJECTS } from '~/content/tutor-vocabulary'
import { ConfirmPasswordField, confirmationMatches, EmailField, HiddenValue, OptionalText, PasswordField, PersonName, LIMITS } from '~/forms/rules'
import { MESSAGES } from '~/messages'

export const GOALS_MAX_LENGTH = 1000
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password'

/** The learner a family's requests are for. Every field may be left empty, and is saved as given. */
export const LearnerProfileSchema = v.object({
  learnerName: OptionalText(LIMITS.name),
  level: v.pipe(
    v.string(),
    v.maxLength(50, 'Choose a level from the list'),
    v.check((level) => level === '' || (TUTOR_LEVELS as readonly string[]).includes(level), 'Choose a level from the list'),
  ),
  subjects: v.pipe(
    v.array(v.string()),
    v.check((chosen) => chosen.every((subject) => (TUTOR_SUBJECTS as readonly string[]).includes(subject)), 'Choose subjects from the list'),
    v.transform((chosen) => TUTOR_SUBJECTS.filter((subject) => chosen.includes(subject))),
  ),
  goals: OptionalText(GOALS_MAX_LENGTH),
})

export type LearnerProfile = v.InferOutput<typeof LearnerProfileSchema>

export const AccountNameSchema = v.object({ name: PersonName(MESSAGES.nameRequired) })

/** What proves the person at the keyboard owns the account, before its address, password or existence changes. */
// Never trimmed: a password is exactly what was typed.
const CurrentPassword = v.pipe(v.string(), v.maxLength(LIMITS.password, CURRENT_PASSWORD_REQUIRED), v.nonEmpty(CURRENT_PASSWORD_REQUIRED))

export const EmailChangeSchema = v.object({ email: EmailField, currentPassword: CurrentPassword })

// The new password follows the sign-up rules.
const PasswordChangeFields = v.object({ currentPassword: CurrentPassword, password: PasswordField, confirmPassword: ConfirmPasswordField })
export const PasswordChangeSchema = v.pipe(PasswordChangeFields, confirmationMatches<v.InferOutput<typeof PasswordChangeFields>>())

/** Deleting, step one: the password. */
export const DeletionCheckSchema = v.object({ currentPassword: CurrentPassword })

/** Deleting, step two: the confirmation the first step handed out. */
export const DeletionConfirmSchema = v.object({ confirmation: HiddenValue(200) })
