// The office's and the tutors' answers (issue 18: the office loop).
import { ONLINE_CARD_CATCHES_UP_MINUTES } from '~/site'

const CARD_CATCHES_UP = `It can take up to ${ONLINE_CARD_CATCHES_UP_MINUTES} minutes to catch up.`

export const OFFICE_NOTICES = {
  unknownAction: 'That action is not known here.',
  alreadyAnswered: 'This request has already been answered.',
  lessonPassed: "This request's time has passed, so it can no longer be confirmed. Decline it, or ask the family for another time.",
  cancellationDoesNotFit: 'That cancellation does not fit this lesson as it stands now (a request can only be withdrawn, and only before its time; a confirmed lesson cancelled). The page shows it as it is.',
  cancellationRecorded: 'Cancellation recorded; the family, the tutor and the office have been e-mailed.',
  slotTaken: 'That time is already confirmed for another lesson with this tutor. Decline this request, or ask the family for another time.',
  invited: (email: string) => `Invitation sent to ${email}. The link works once, for 7 days.`,
  placeCancelled: (name: string) => `${name}'s place is cancelled; it is free again.`,
  mailRequeued: (address: string) => `The e-mail to ${address} is queued again and is being sent.`,
  mailNotFailed: 'That e-mail has not failed, or is already queued again.',
  lessonConfirmed: 'Lesson confirmed; the family has been e-mailed.',
  lessonDeclined: 'Request declined; the family has been e-mailed.',
  availabilitySaved: 'Your weekly availability is saved. Your profile and the search now offer these times.',
  showsOnline: `Saved: your card will show when you are online. ${CARD_CATCHES_UP}`,
  hidesOnline: `Saved: your card will no longer show when you are online. ${CARD_CATCHES_UP}`,
  invitationInvalid: 'This invitation link has expired or has already been used. Please ask the office for a new one.',
  invitationTaken: 'An account with this email already exists. Please ask the office to invite another address.',
  tutorHasAccount: 'This tutor already has an account, so this invitation cannot make another. Log in with that account, or ask the office.',
  tutorAccountExists: (tutorName: string, email: string) =>
    `${tutorName} already has a tutor account (${email}). To move it to another address, the tutor changes it on their account page.`,
  tutorAccountCreated: 'Your tutor account is ready — please log in',
  tutorAccountRemoved: (tutorName: string, email: string) => `${tutorName}'s account (${email}) is removed, and they are told. Invite them again to give them a new one.`,
  tutorAccountChanged: 'That account is no longer the one shown: someone may have removed it, or the tutor has a new one. The page shows them as they are now.',
  tutorAccountHasLessons: (tutorName: string) =>
    `${tutorName} has confirmed lessons still to come. Record the tutor's cancellation of each from its page in Lessons first, so its family is told, then remove the account.`,
} as const

/** Why a lesson request could not be confirmed or declined, as the office and a tutor are told. */
export const DECISION_REFUSALS = {
  'already-answered': OFFICE_NOTICES.alreadyAnswered,
  'slot-taken': OFFICE_NOTICES.slotTaken,
  passed: OFFICE_NOTICES.lessonPassed,
} as const
