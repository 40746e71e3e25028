// Who books (issue 27's review): lessons and class places belong to a family's account, whose
// dashboard shows and cancels them. A staff or tutor account's dashboard has no family's part, so
// what it booked would be out of its holder's reach. Its own module: the class timetable's and the
// lesson form's scripts carry it, and nothing else of the notices. An address is one account's, so a
// tutor who is also a parent makes the family's account with another.
export const FAMILY_ACCOUNTS_BOOK = 'Lessons and class places are booked from a family account. Log out, then log in to a family account, or create one with another e-mail address.'

/** A booking sent signed in whose account was deleted (in another tab, or by the office) before it was stored. */
export const ACCOUNT_DELETED = 'Your account has been deleted, so nothing was booked.'
