// Who may keep a copy of a response. A page a visitor without a session asks for
// is the same for everyone who sends the same cookies, so a CDN may serve it; a
// page that knows who you are, or answers a form, must never be stored.
import { createHash } from 'node:crypto'

import { cookieValue, COOKIE_NAMES } from '~/http/cookies'

export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

function hasSessionCookie(request: Request) {
  return cookieValue(request.headers.get('Cookie'), COOKIE_NAMES.session) !== undefined
}

/**
 * True when the page is the same for everyone who sends this request: a success for a
 * visitor without a session, setting no cookie (a flash notice or a dismissed banner is
 * personal). Such a page may be rendered once and reused.
 */
export function isSameForEveryone(request: Request, status: number, headers: Headers) {
  return status === 200 && !hasSessionCookie(request) && !headers.has('Set-Cookie')
}

/**
 * True when a CDN may keep the page too: a GET of a page that is the same for everyone,
 * whose route has not chosen its own caching. Form results never qualify.
 */
export function isShareable(request: Request, status: number, headers: Headers) {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    isSameForEveryone(request, status, headers) &&
    !headers.has('Cache-Control')
  )
}

export function setCacheControl(headers: Headers, shareable: boolean) {
  if (shareable) {
    headers.set('Cache-Control', SHARED_CACHE_CONTROL)
    // The promotion banner depends on a cookie, so a shared cache must key on it.
    headers.append('Vary', 'Cookie')
  } else if (!headers.has('Cache-Control')) {
    headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  }
}

/**
 * A page's HTML is a function of the build, the URL and the state Remix hands to the
 * browser (the loaders' and action's data, already serialized for the page), so their
 * hash names the page: it is the key of the rendered-page cache and, for a GET, the ETag.
 * Weak, because each response carries its own CSP nonce.
 */
export function pageVersion(buildVersion: string, url: string, serializedState: string) {
  const hash = createHash('sha1').update(buildVersion).update('\0').update(url).update('\0').update(serializedState)
  return `W/"${hash.digest('base64url')}"`
}

export function matchesEtag(request: Request, etag: string) {
  const ifNoneMatch = request.headers.get('If-None-Match')
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || `W/${tag}` === etag
  })
}
