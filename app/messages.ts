// spec §5 and §8, word for word: validation messages and the error catalogue.
import { RULES } from '~/site'

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${RULES.passwordMinLength} characters`,
  nameRequired: 'Name is required',
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
} as const

// Our own wording, where the spec is silent (accounts, throttling, social sign-in, unsubscribing).
export const NOTICES = {
  accountCreated: "Account created — please log in. We've emailed you a link to confirm your address.",
  passwordChanged: 'Password changed — please log in with your new password',
  loggedOut: 'You have been logged out',
  loginRequired: 'Please log in to see this page',
  tooManyAttempts: 'Too many attempts. Please wait 15 minutes and try again.',
  tooManyRequests: 'Too many requests from your connection. Please wait an hour and try again.',
  resetLinkInvalid: 'This reset link has expired or has already been used. Please request a new one.',
  // Proving an address (issue 26).
  confirmAddress: (email: string) =>
    `Confirm your email address to see your lesson requests and class places here: open the link in our confirmation email to ${email}. If you have none, or it is over ${RULES.confirmationLinkValidDays} days old, send a new one.`,
  confirmationSent: (email: string) => `We've emailed a new confirmation link to ${email}. It works once, for ${RULES.confirmationLinkValidDays} days.`,
  confirmationNotSent: "We've already sent your address several emails this hour. Please wait an hour, then ask for a new link.",
  addressConfirmed: 'Your email address is confirmed.',
  confirmLinkInvalid: 'This confirmation link has expired or has already been used. Log in and ask for a new one from your dashboard.',
  confirmLogInFirst: (email: string) => `Log in as ${email} to confirm this address: the link proves the mailbox is yours, your password that the account is.`,
  confirmOtherAccount: (email: string) => `This link confirms the address of another account (${email}). Log out, then log in with that address to confirm it.`,
  socialUnavailable: (provider: string) =>
    `Signing in with ${provider} is not available yet. Please use your email and password instead.`,
  contactSent: "Thank you! Your message has been sent successfully. We'll get back to you soon.",
  lessonRequested: (name: string, slot: string, tutor: string) =>
    `Thank you, ${name}. Your request for ${slot} with ${tutor} has been sent. We will confirm it by email within 24 hours.`,
  classReserved: (name: string, className: string, when: string) =>
    `Thank you, ${name}. Your place at ${className} on ${when} is reserved. We have emailed you the details.`,
  classPaymentDue: 'This is a paid small group: we will email you a secure payment link, and the place is yours once it is paid.',
  consentAccepted: "You've accepted our booking partner's cookies.",
  consentRejected: "You've rejected our booking partner's cookies. We set only the cookies the site needs to work.",
  // The answer to a form whose hidden honeypot field was filled: polite, and true of nothing stored.
  requestReceived: 'Thank you. We have received your request.',
  applicationReceived: (name: string) =>
    `Thank you, ${name}. We have received your application and will reply by email within 5 business days.`,
  unsubscribed: (email: string) => `You have been unsubscribed. We will send no more newsletters to ${email}.`,
  unsubscribeLinkInvalid:
    'This unsubscribe link has already been used or is not valid, so there is nothing to remove. If our newsletter still reaches you, use the link in the latest one.',
} as const

// A family's own account, at /account (issue 28).
export const ACCOUNT_NOTICES = {
  profileSaved: 'Your learner profile is saved. Lesson requests you send while signed in include it.',
  nameSaved: 'Your name is saved.',
  wrongPassword: 'That is not your current password',
  sameAddress: 'That is already your email address',
  addressChangeSent: (email: string) =>
    `We've emailed a link to ${email}. Your address changes once you open it there, signed in; until then you sign in with your current one.`,
  addressChangeNotSent: "We've already sent that address several emails this hour. Please wait an hour and try again.",
  addressChanged: (email: string) => `Your email address is now ${email}.`,
  addressTaken: (email: string) => `${email} now belongs to another account, so yours keeps its address. Ask for a link to another address from your account page.`,
  passwordChanged: 'Your password is changed. Every other device signed in to your account has been signed out.',
  deletionAsk: 'This cannot be undone. Press the button below within 10 minutes to delete your account.',
  deletionExpired: 'That confirmation has expired. Enter your password again to delete your account.',
  lastStaff: 'This is the only staff account, so it cannot be deleted: someone must run the office. Ask the site owner to make another account staff first.',
  accountDeleted: 'Your account has been deleted',
} as const

// The office's and the tutors' answers (issue 18: the office loop).
export const OFFICE_NOTICES = {
  unknownAction: 'That action is not known here.',
  alreadyAnswered: 'This request has already been answered.',
  slotTaken: 'That time is already confirmed for another lesson with this tutor. Decline this request, or ask the family for another time.',
  invited: (email: string) => `Invitation sent to ${email}. The link works once, for 7 days.`,
  placeCancelled: (name: string) => `${name}'s place is cancelled; it is free again.`,
  mailRequeued: (address: string) => `The e-mail to ${address} is queued again and is being sent.`,
  mailNotFailed: 'That e-mail has not failed, or is already queued again.',
  lessonConfirmed: 'Lesson confirmed; the family has been e-mailed.',
  lessonDeclined: 'Request declined; the family has been e-mailed.',
  availabilitySaved: 'Your weekly availability is saved. Your profile and the search now offer these times.',
  invitationInvalid: 'This invitation link has expired or has already been used. Please ask the office for a new one.',
  invitationTaken: 'An account with this email already exists. Please ask the office to invite another address.',
  tutorAccountCreated: 'Your tutor account is ready — please log in',
} as const

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
  done: {
    'family-request': 'Your request is withdrawn.',
    'family-in-time': "Lesson cancelled. We've e-mailed you; our office will be in touch to arrange your refund or lesson credit.",
    'family-late': `Lesson cancelled. As it was less than ${WINDOW} ahead, it counts as attended; we've e-mailed you the details.`,
    tutor: 'Lesson cancelled; the family and our office have been e-mailed.',
  },
  termsChanged: 'The lesson is now closer than when you chose to cancel, so the policy has changed: please read it again before you cancel.',
  notCancellable: 'This lesson can no longer be cancelled here: it has started, passed or been cancelled already.',
} as const

export const ERRORS = {
  loginFailed: 'Invalid email or password. Please try again.',
  formFailed: 'Something went wrong. Please try again.',
  searchFailed: 'An error occurred while searching. Please try again.',
  searchEmpty: 'No tutors found. Try adjusting your search criteria.',
} as const
