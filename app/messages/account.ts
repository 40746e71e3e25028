// A family's own account, at /account (issue 28).
export const ACCOUNT_NOTICES = {
  profileSaved: 'Your learner profile is saved. Lesson requests you send while signed in include it.',
  nameSaved: 'Your name is saved.',
  wrongPassword: 'That is not your current password',
  sameAddress: 'That is already your email address',
  addressChangeSent: (email: string) =>
    `We've emailed a link to ${email}. Your address changes once you open it there, signed in; until then you sign in with your current one.`,
  addressChangeNotSent: "We can't send that address any more emails this hour. Please wait an hour and try again.",
  addressChanged: (email: string) => `Your email address is now ${email}.`,
  addressTaken: (email: string) => `${email} now belongs to another account, so yours keeps its address. Ask for a link to another address from your account page.`,
  passwordChanged: 'Your password is changed. Every other device signed in to your account has been signed out.',
  deletionAsk: 'This cannot be undone. Press the button below within 10 minutes to delete your account.',
  deletionExpired: 'That confirmation has expired. Enter your password again to delete your account.',
  tutorLessons: 'You have confirmed lessons still to come. Cancel each from your dashboard first, so its family is told, then delete your account.',
  lastStaff: 'This is the only staff account, so it cannot be deleted: someone must run the office. Ask the site owner to make another account staff first.',
  accountDeleted: 'Your account has been deleted',
} as const
