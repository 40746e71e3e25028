// Every cookie the site sets is a Remix `createCookie`, made here with the same attributes: the
// whole site (Path=/), out of reach of scripts (HttpOnly), not sent with other sites' posts
// (SameSite=Lax), and never over plain HTTP in production (Secure).
import { createCookie, type Cookie } from '@remix-run/node'

import { getEnv } from '~/env.server'
import { COOKIE_NAMES, type CookieKey } from '~/http/cookies'

const cookies = new Map<CookieKey, Cookie>()

/** The cookie `key` of COOKIE_NAMES; `maxAge` in seconds (none: it ends with the browser session); signed with `secrets`. */
export function siteCookie(key: CookieKey, options: { maxAge?: number; secrets?: string[] } = {}) {
  let cookie = cookies.get(key)
  if (!cookie) {
    cookie = createCookie(COOKIE_NAMES[key], { path: '/', httpOnly: true, sameSite: 'lax', secure: getEnv().isProduction, ...options })
    cookies.set(key, cookie)
  }
  return cookie
}
