// Who may keep a copy of a response. Private by default: every response is `private, no-store`
// unless its route's loader declares the page the same for every visitor (sharedPage), and even
// then only a successful GET from a visitor without a session, that sets no cookie, is shared.
// Token pages, signed-in pages and form results therefore never are (decision 004).
import { cookieValue, COOKIE_NAMES } from '~/http/cookies'
import { canonicalPathname, RULES } from '~/site'

// Fresh for a few minutes, then served stale for a few more while the cache asks again (RULES): pages tell
// the time ("Next available: Today, 4:00 PM", the timetable), so a copy from yesterday is wrong, not
// merely old. When the app cannot answer, a CDN may serve a copy up to a day old rather than an error
// (our nginx, whose own directive covers errors, serves whatever copy it has).
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${RULES.sharedPageFreshMinutes * 60}, stale-while-revalidate=${RULES.sharedPageStaleMinutes * 60}, stale-if-error=86400`
export const PRIVATE_CACHE_CONTROL = 'private, no-store'
// The promotion banner and the cookie notice depend on cookies, so a shared cache keys on them.
export const SHARED_VARY = 'Accept-Encoding, Cookie'

/**
 * What a loader returns to declare its page the same for every visitor who asks for it: the
 * response may be shared, and it is the page found at its pathname plus `query`, the query
 * parameters the route reads, written from their parsed values in a fixed order ('' for none,
 * else '?…'). A URL that carries anything else (`?utm_source=…`) is the same page, so it is
 * rendered once and kept once (Content-Location names the page, as in HTTP), and sent privately
 * (isAskedAtItsUrl).
 */
export function sharedPage(request: Request, query = ''): ResponseInit | undefined {
  const { pathname } = new URL(request.url)
  // One spelling of a path per page: another (`/About`, `/about/`, `//about`, `/%61bout`) is served, privately,
  // rather than kept as a page of its own.
  if (!isCanonicalPathname(pathname)) return undefined
  return { headers: { 'Cache-Control': SHARED_CACHE_CONTROL, 'Content-Location': pathname + query } }
}

/**
 * Whether a path is written as our links write it: lower case, no empty segment, no trailing slash
 * but the root's, and no percent escape, which our paths never need (`/%61bout` is `/about` to the
 * router).
 */
function isCanonicalPathname(pathname: string) {
  return !pathname.includes('%') && pathname === canonicalPathname(pathname)
}

/**
 * Whether `request` asks for the shared `page` (its pathname and canonical query) at the page's own URL,
 * written as our links and URLSearchParams write it, a data request's `_data` last as Remix adds it. A
 * cache keeps a copy for each URL as written, so the page is public there only: public at any other
 * spelling (`?x=1`, `?&`, an escape of any character, a reordered query), a stranger could fill the
 * cache with copies of it and push the real pages out.
 */
export function isAskedAtItsUrl(request: Request, page: string) {
  const asked = new URL(request.url)
  const own = new URL(page, asked)
  const dataRoute = asked.searchParams.get('_data')
  const query = [own.search.slice(1), dataRoute === null ? '' : new URLSearchParams({ _data: dataRoute }).toString()].filter(Boolean).join('&')
  return asked.pathname === own.pathname && asked.search.slice(1) === query
}

/** The page a loader's headers declare shared, as its pathname and canonical query; null when it did not. */
export function declaredSharedPage(loaderHeaders: Headers | undefined): string | null {
  if (loaderHeaders?.get('Cache-Control') !== SHARED_CACHE_CONTROL) return null
  return loaderHeaders.get('Content-Location')
}

function hasSessionCookie(request: Request) {
  return cookieValue(request.headers.get('Cookie'), COOKIE_NAMES.session) !== undefined
}

/**
 * True when a response its route declared shared may be shared: a GET (or HEAD) that succeeded,
 * from a visitor without a session, setting no cookie (a flash notice is personal).
 */
export function mayShare(request: Request, status: number, headers: Headers) {
  return (request.method === 'GET' || request.method === 'HEAD') && status === 200 && !hasSessionCookie(request) && !headers.has('Set-Cookie')
}

export function matchesEtag(request: Request, etag: string) {
  const ifNoneMatch = request.headers.get('If-None-Match')
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || `W/${tag}` === etag || tag === `W/${etag}`
  })
}

/**
 * The headers of a file the same for every visitor (robots.txt, the sitemap, a share card): shared,
 * as a page is, when asked for without a session at its own URL (the one spelling of its path, and
 * `query`, the one its route reads: '' for none, else '?…'); private otherwise.
 */
export function sharedFileHeaders(request: Request, contentType: string, query = '') {
  const headers = new Headers({ 'Content-Type': contentType, Vary: 'Accept-Encoding' })
  const { pathname } = new URL(request.url)
  const shared = mayShare(request, 200, headers) && isCanonicalPathname(pathname) && isAskedAtItsUrl(request, pathname + query)
  headers.set('Cache-Control', shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
  return headers
}
