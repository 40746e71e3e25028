// Every cookie the site sets, named once: the modules that set them import these names,
// and the /cookies page must describe each of them (cookie-descriptions.ts), so the two
// cannot drift. The descriptions live apart so that the browser bundle carries only names.
import { parse } from 'cookie'

export const COOKIE_NAMES = {
  session: '__session',
  promoDismissed: 'promo_dismissed',
  consent: 'cookie_consent',
  flash: 'flash',
  knownBrowser: 'known_sign_in',
} as const

// The two answers to the cookie banner (spec has none; UK law asks for the choice).
export const CONSENT_CHOICES = ['accepted', 'rejected'] as const
export type Consent = (typeof CONSENT_CHOICES)[number]

export type CookieKey = keyof typeof COOKIE_NAMES

/**
 * The value of the cookie `name` in a Cookie header, or undefined when it is not sent. Read with
 * the parser Remix's own cookies use, so no header is read one way here and another way there.
 */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  return parse(cookieHeader ?? '')[name]
}
