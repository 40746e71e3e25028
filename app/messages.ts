// spec §5 and §8, word for word: validation messages and the error catalogue. The wording only some
// pages show (notices after an action, the account page, the office, cancelling) is in the files under
// messages/, imported from there: a page's scripts take a whole module, and with its importers, even a
// module this one only re-exported; so while it was here, every form page's scripts carried it too
// (decision 008).
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

export const ERRORS = {
  loginFailed: 'Invalid email or password. Please try again.',
  formFailed: 'Something went wrong. Please try again.',
  searchFailed: 'An error occurred while searching. Please try again.',
  searchEmpty: 'No tutors found. Try adjusting your search criteria.',
} as const
