// The promo banner's dismissal: a cookie the server reads, so a reload never flashes the banner
// back (spec §4); the browser mirrors it in local storage.
import { siteCookie } from '~/http/cookies.server'

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365

const promoCookie = () => siteCookie('promoDismissed', { maxAge: ONE_YEAR_SECONDS })

/** The Set-Cookie header that keeps the banner closed. */
export function dismissPromo() {
  return promoCookie().serialize(true)
}

export async function isPromoDismissed(cookieHeader: string | null) {
  return (await promoCookie().parse(cookieHeader)) === true
}
