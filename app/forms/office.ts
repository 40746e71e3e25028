// The forms of the office and of a tutor's dashboard. Each posts with `?intent=…` to its page's
// action, which reads it with that intent's schema; ids from a form are checked on the server.
import * as v from 'valibot'

import { EmailField, HiddenValue, LIMITS, RequiredText } from '~/forms/rules'
import { WEEKDAYS } from '~/london-time'
import { RULES } from '~/site'

/** A record's id, as a form sends it. */
const RecordId = v.pipe(v.string(), v.maxLength(20, 'Unknown record'), v.trim(), v.regex(/^\d{1,9}$/, 'Unknown record'), v.transform(Number))

export const CHOOSE_CATALOGUE_TUTOR = 'Choose the catalogue tutor this account is for'

/** A catalogue tutor's id, as a form sends it; whether the catalogue has it is checked on the server. */
const CatalogueTutorId = RequiredText(CHOOSE_CATALOGUE_TUTOR, 100)

export const InviteTutorSchema = v.object({ tutorId: CatalogueTutorId, email: EmailField })

/** The tutor whose account the office removes, and its address as the office was shown it. */
export const RemoveTutorAccountSchema = v.object({ tutorId: CatalogueTutorId, account: HiddenValue(LIMITS.email) })

export const CancelPlaceSchema = v.object({ place: RecordId })

export const RetryMailSchema = v.object({ mail: RecordId })

export const LessonDecisionSchema = v.object({ request: RecordId })

/**
 * Who cancels a lesson and how the policy treats it: the family in time (refund or credit), the
 * family late (counts as attended), the family withdrawing a request not yet confirmed, or the tutor.
 */
export const CANCELLATIONS = ['family-in-time', 'family-late', 'family-request', 'tutor'] as const
export type Cancellation = (typeof CANCELLATIONS)[number]

/** The cancellation the canceller was shown and confirms: it is carried out only if it is still what the policy says. */
export const LessonCancellationSchema = v.object({ request: RecordId, terms: v.picklist(CANCELLATIONS) })

/** A cancellation the office records for a family or a tutor who cancelled by e-mail or through the contact form. */
export const OfficeCancellationSchema = v.object({ terms: v.picklist(CANCELLATIONS, 'Choose who cancelled, and whether in time') })

/** A weekly slot as the availability form sends it: `Mon 16:00`. */
export const WEEKLY_SLOTS = WEEKDAYS.flatMap((day) => RULES.tutorDayStarts.map((time) => `${day} ${time}`))

export const AvailabilitySchema = v.object({
  slots: v.pipe(
    v.array(v.string()),
    v.check((slots) => slots.every((slot) => (WEEKLY_SLOTS as readonly string[]).includes(slot)), 'Choose times from the weekly grid'),
    v.transform((slots) => [...new Set(slots)]),
  ),
})

// A ticked checkbox sends "on"; an unticked one sends nothing. It is the tutor's consent, so only "on" is yes.
export const ShowOnlineSchema = v.object({ showOnline: v.pipe(HiddenValue(10), v.transform((value) => value === 'on')) })

/** The intent a form posted with (`?intent=invite`), or '' when none. */
export function intentOf(request: Request) {
  return new URL(request.url).searchParams.get('intent') ?? ''
}
