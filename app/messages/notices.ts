// What a page says once a visitor has done something (an account made, a form sent, a link followed),
// in our own words where the spec is silent: accounts, throttling, social sign-in, unsubscribing.
// Apart from messages.ts, whose validation words every form page's scripts carry: these go only
// to the pages that show them (decision 008).
import { RULES } from '~/site'

export const NOTICES = {
  accountCreated: "Account created — please log in. We've emailed you a link to confirm your address.",
  passwordChanged: 'Password changed — please log in with your new password',
  loggedOut: 'You have been logged out',
  loginRequired: 'Please log in to see this page',
  logInToConfirmAddress: 'Log in to confirm your email address; you will come back to the link.',
  classPlaceNeedsAccount: 'Log in to reserve your place: class places are taken with a free account. New here? Sign up first.',
  tooManyAttempts: 'Too many attempts. Please wait 15 minutes and try again.',
  tooManyRequests: 'Too many requests from your connection. Please wait an hour and try again.',
  resetLinkInvalid: 'This reset link has expired or has already been used. Please request a new one.',
  // Proving an address (issue 26).
  confirmAddress: (email: string) =>
    `Confirm your email address to see your lesson requests and class places here: open the link in our confirmation email to ${email}. If you have none, or it is over ${RULES.confirmationLinkValidDays} days old, send a new one.`,
  confirmationSent: (email: string) => `We've emailed a new confirmation link to ${email}. It works once, for ${RULES.confirmationLinkValidDays} days.`,
  confirmationNotSent: "We can't send your address any more emails this hour. Please wait an hour, then ask for a new link.",
  addressConfirmed: 'Your email address is confirmed.',
  confirmLinkInvalid: 'This confirmation link has expired or has already been used. Log in and ask for a new one from your dashboard.',
  confirmLogInFirst: (email: string) => `Log in as ${email} to confirm this address: the link proves the mailbox is yours, your password that the account is.`,
  confirmOtherAccount: (email: string) => `This link confirms the address of another account (${email}). Log out, then log in with that address to confirm it.`,
  socialUnavailable: (provider: string) =>
    `Signing in with ${provider} is not available yet. Please use your email and password instead.`,
  contactSent: "Thank you! Your message has been sent successfully. We'll get back to you soon.",
  lessonRequested: (name: string, slot: string, tutor: string) =>
    `Thank you, ${name}. Your request for ${slot} with ${tutor} has been sent. We will confirm it by email within 24 hours.`,
  lessonRequestToConfirm: (name: string, email: string) =>
    `Thank you, ${name}. Please confirm your request with the link we've e-mailed to ${email}: we send it to the tutor once you do.`,
  lessonRequestLinkNotSent:
    "We can't send this address any more e-mails this hour, so we couldn't send the link to confirm your request. Please try again in an hour, or log in to an account that has confirmed this address: its requests need no link.",
  lessonRequestLinkInvalid: "This link has already been used or is not valid. To ask for a lesson, choose a time on a tutor's profile.",
  lessonRequestSlotGone: (tutor: string) => `That time is no longer free. Please choose another on ${tutor}'s profile.`,
  classReserved: (name: string, className: string, when: string, mailed: boolean) =>
    `Thank you, ${name}. Your place at ${className} on ${when} is reserved. ${mailed ? 'We have emailed you the details.' : NOTICES.classPlaceNotMailed}`,
  classPlaceNotMailed: "We can't send your address any more e-mails this hour, so we have not e-mailed you the details: your dashboard lists your place.",
  classPaymentDue: 'This is a paid small group: we will email you a secure payment link, and the place is yours once it is paid.',
  consentAccepted: "You've accepted our booking partner's cookies.",
  consentRejected: "You've rejected our booking partner's cookies. We set only the cookies the site needs to work.",
  // The answer to a form whose hidden honeypot field was filled: polite, and true of nothing stored.
  requestReceived: 'Thank you. We have received your request.',
  applicationReceived: (name: string) =>
    `Thank you, ${name}. We have received your application and will reply by email within 5 business days.`,
  subscriptionConfirmed: (email: string) => `You're subscribed. We will send our newsletter to ${email}, about once a month.`,
  subscriptionLinkInvalid: `This confirmation link is not valid: the address may have been unsubscribed, or not confirmed within ${RULES.confirmationLinkValidDays} days. To subscribe, use the box at the foot of any page.`,
  unsubscribed: (email: string) => `You have been unsubscribed. We will send no more newsletters to ${email}.`,
  unsubscribeLinkInvalid:
    'This unsubscribe link has already been used or is not valid, so there is nothing to remove. If our newsletter still reaches you, use the link in the latest one.',
} as const
