// The promo banner's dismissal flag: a cookie the server reads (no flash on reload)
// mirrored in local storage, as spec §4 describes.
import { cookieValue, COOKIE_NAMES } from '~/http/cookies'

export const PROMO_DISMISSED_COOKIE = COOKIE_NAMES.promoDismissed
export const PROMO_DISMISSED_KEY = 'brightwell:promo-dismissed'
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365

export function promoDismissedCookieValue() {
  return `${PROMO_DISMISSED_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`
}

export function isPromoDismissed(cookieHeader: string | null) {
  return cookieValue(cookieHeader, PROMO_DISMISSED_COOKIE) === '1'
}
