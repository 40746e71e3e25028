// The visitor's answer to the cookie banner. Until they answer, and after they reject,
// the site sets only strictly necessary cookies and loads nothing from a third party.
import { CONSENT_CHOICES, cookieValue, COOKIE_NAMES, type Consent } from '~/http/cookies'
import { getEnv } from '~/env.server'

const CONSENT_COOKIE = COOKIE_NAMES.consent
// The ICO suggests asking again after a while rather than keeping a choice forever.
const SIX_MONTHS_SECONDS = 60 * 60 * 24 * 183

export function readConsent(cookieHeader: string | null): Consent | null {
  const value = cookieValue(cookieHeader, CONSENT_COOKIE)
  return CONSENT_CHOICES.find((choice) => choice === value) ?? null
}

export function consentCookie(consent: Consent) {
  return `${CONSENT_COOKIE}=${consent}; Path=/; Max-Age=${SIX_MONTHS_SECONDS}; HttpOnly; SameSite=Lax${getEnv().isProduction ? '; Secure' : ''}`
}

/** The booking button's script, only for a visitor who accepted it (and only if one is configured). */
export function consentedSchedulingScript(cookieHeader: string | null) {
  return readConsent(cookieHeader) === 'accepted' ? getEnv().schedulingScriptUrl : null
}
