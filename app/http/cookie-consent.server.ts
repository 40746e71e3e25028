// The visitor's answer to the cookie banner. Until they answer, and after they reject,
// the site sets only strictly necessary cookies and loads nothing from a third party.
import { siteCookie } from '~/http/cookies.server'
import { CONSENT_CHOICES, type Consent } from '~/http/cookies'
import { getEnv } from '~/env.server'

// The ICO suggests asking again after a while rather than keeping a choice forever.
const SIX_MONTHS_SECONDS = 60 * 60 * 24 * 183

const consentCookie = () => siteCookie('consent', { maxAge: SIX_MONTHS_SECONDS })

export async function readConsent(cookieHeader: string | null): Promise<Consent | null> {
  const value: unknown = await consentCookie().parse(cookieHeader)
  return CONSENT_CHOICES.find((choice) => choice === value) ?? null
}

/** The Set-Cookie header that keeps the visitor's answer. */
export function setConsent(consent: Consent) {
  return consentCookie().serialize(consent)
}

/** The Set-Cookie header that forgets any answer. */
export function forgetConsent() {
  return consentCookie().serialize('', { maxAge: 0 })
}

/**
 * Whether the site has a scheduling partner (SCHEDULING_SCRIPT_URL). Its booking button is the only
 * thing a visitor is asked to consent to: without one there is nothing to ask, and no banner.
 */
export function hasBookingPartner() {
  return getEnv().schedulingScriptUrl !== null
}

/** The booking button's script, only for a visitor who accepted it (and only if one is configured). */
export function consentedSchedulingScript(consent: Consent | null) {
  return consent === 'accepted' ? getEnv().schedulingScriptUrl : null
}
