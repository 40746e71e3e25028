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

export const ERRORS = {
  loginFailed: 'Invalid email or password. Please try again.',
  formFailed: 'Something went wrong. Please try again.',
  searchFailed: 'An error occurred while searching. Please try again.',
  searchEmpty: 'No tutors found. Try adjusting your search criteria.',
  serverError: {
    title: 'Server Error',
    text: "We're experiencing technical difficulties. Our team has been notified and is working to fix the issue.",
    tips: ['Wait a few minutes and try again', 'Check your internet connection', 'Contact support if the problem continues'],
  },
  notFound: {
    title: 'Page Not Found',
    text: "Oops! The page you're looking for doesn't exist or has been moved.",
  },
  unexpected: {
    title: 'Something Went Wrong',
    text: "We're sorry, but something unexpected happened. Please try refreshing the page or contact support if the problem persists.",
  },
} as const
