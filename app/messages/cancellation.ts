import { RULES } from '~/site'

// Cancelling from a dashboard (issue 29): what the confirmation step says the policy means, and what is done.
const WINDOW = `${RULES.cancellationWindowHours} hours`
export const CANCELLATION_NOTICES = {
  ask: {
    'family-request': (other: string, when: string) => `Withdraw your request for a lesson with ${other} on ${when}? Nothing has been booked or paid; the tutor and our office will be told.`,
    'family-in-time': (other: string, when: string) =>
      `Cancel your lesson with ${other} on ${when}? It is at least ${WINDOW} away, so under our cancellation policy you choose a full refund or lesson credit. Our office will e-mail you to arrange it; a refund takes ${RULES.refundBusinessDays} business days to reach your original payment method. The time is offered to other families again.`,
    'family-late': (other: string, when: string) =>
      `Cancel your lesson with ${other} on ${when}? It starts in less than ${WINDOW}, so under our cancellation policy it counts as attended: it is not refunded, and the time stays booked. If an emergency or illness is the reason, tell our office after cancelling.`,
    tutor: (other: string, when: string) => `Cancel your lesson with ${other} on ${when}? The family and our office will be told, and the family offered a full refund or free rebooking. The time is offered again.`,
  },
  // `mailedTo`: the address the lesson was booked for, when it is not the account's own (null).
  done: {
    'family-request': () => 'Your request is withdrawn.',
    'family-in-time': (mailedTo: string | null) =>
      `Lesson cancelled. We've e-mailed ${mailedTo ?? 'you'}; our office will be in touch to arrange your refund or lesson credit.`,
    'family-late': (mailedTo: string | null) => `Lesson cancelled. As it was less than ${WINDOW} ahead, it counts as attended; we've e-mailed ${mailedTo ?? 'you'} the details.`,
    tutor: () => 'Lesson cancelled; the family and our office have been e-mailed.',
  },
  termsChanged: 'The lesson is now closer than when you chose to cancel, so the policy has changed: please read it again before you cancel.',
  notCancellable: 'This lesson can no longer be cancelled here: it has started, passed or been cancelled already.',
} as const
