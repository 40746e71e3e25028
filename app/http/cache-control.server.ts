// Who may keep a copy of a response. A page a visitor without a session asks for is the
// same for everyone who sends the same cookies, so a shared cache (nginx, a CDN) may
// store it; a page that knows who you are, or answers a form, must never be stored.
import { cookieValue, COOKIE_NAMES } from '~/http/cookies'

export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'
export const PRIVATE_CACHE_CONTROL = 'private, no-store'
// The promotion banner and the cookie notice depend on cookies, so a shared cache keys on them.
export const SHARED_VARY = 'Accept-Encoding, Cookie'

function hasSessionCookie(request: Request) {
  return cookieValue(request.headers.get('Cookie'), COOKIE_NAMES.session) !== undefined
}

/**
 * True when every visitor who sends this request gets the same page: one that succeeded, for
 * a visitor without a session, setting no cookie (a flash notice is personal), whose route has
 * not chosen its own caching. Such a page may be rendered once and reused (a form's thank-you
 * page too: it is the same for everyone who sends that form).
 */
export function isSameForEveryone(request: Request, status: number, headers: Headers) {
  return status === 200 && !hasSessionCookie(request) && !headers.has('Set-Cookie') && !headers.has('Cache-Control')
}

/** True when a shared cache may keep the page too: a GET of a page that is the same for everyone. Form results never qualify. */
export function isShareable(request: Request, status: number, headers: Headers) {
  return (request.method === 'GET' || request.method === 'HEAD') && isSameForEveryone(request, status, headers)
}

export function matchesEtag(request: Request, etag: string) {
  const ifNoneMatch = request.headers.get('If-None-Match')
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || `W/${tag}` === etag || tag === `W/${etag}`
  })
}
