// Sign-in sessions: a random token in a signed, HttpOnly cookie; the database
// keeps only its hash, so a leaked database cannot be replayed as cookies.
import { siteCookie } from '~/http/cookies.server'
import { getUserById, type User } from '~/db/accounts.server'
import type { Role } from '~/db/schema'
import { discardBody, refuseCrossSitePost } from '~/forms/pipeline.server'
import { deleteSession, findSessionUserId, insertSession } from '~/db/sessions.server'
import { noteTutorSeen } from '~/db/tutor-presence.server'
import { getEnv } from '~/env.server'
import { httpError, redirect } from '~/http/responses.server'
import { safeRedirectPath } from '~/http/safe-redirect'
import { createToken, hashToken, isoAfter } from '~/accounts/tokens.server'

const DAY_MS = 24 * 60 * 60 * 1000
// "Remember me" keeps the cookie 30 days; otherwise it ends with the browser
// session, and the server forgets it after a day in any case.
export const REMEMBERED_SESSION_DAYS = 30
const BROWSER_SESSION_DAYS = 1

// Signed with the site's secret: a forged cookie is refused before any database lookup.
const getSessionCookie = () => siteCookie('session', { secrets: [getEnv().sessionSecret] })

async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await getSessionCookie().parse(request.headers.get('Cookie'))
  return typeof value === 'string' ? value : null
}

/** Starts a session and returns the Set-Cookie header for it. */
export async function createSession(userId: number, remember: boolean) {
  // Opened whatever the password: never null.
  return (await openSession(userId, remember))!
}

/**
 * A login's session, opened only while `passwordHash` (the one the password was checked against) is
 * still the account's: a new password, or a tutor invitation taking the account over, ends every session
 * and may come between the check and the session. Null when it did, or the account has gone.
 */
export function createLoginSession(userId: number, remember: boolean, passwordHash: string) {
  return openSession(userId, remember, passwordHash)
}

async function openSession(userId: number, remember: boolean, whilePasswordHashIs?: string) {
  const { token, tokenHash } = createToken()
  const days = remember ? REMEMBERED_SESSION_DAYS : BROWSER_SESSION_DAYS
  if (!(await insertSession(tokenHash, userId, isoAfter(days * DAY_MS), whilePasswordHashIs))) return null
  return getSessionCookie().serialize(token, remember ? { maxAge: days * 24 * 60 * 60 } : {})
}

export async function getSessionUser(request: Request): Promise<User | null> {
  const token = await readSessionToken(request)
  if (!token) return null
  const userId = await findSessionUserId(hashToken(token))
  const user = userId === null ? null : await getUserById(userId)
  // A tutor who shows families when they are online is online while they use the site; a request
  // another site started (a link it sent) does not count, or that site could watch the card to learn
  // whether the visitor it sent was that tutor.
  if (user && request.headers.get('Sec-Fetch-Site') !== 'cross-site') await noteTutorSeen(user, new Date())
  return user
}

function loginRedirect(request: Request) {
  const { pathname, search } = new URL(request.url)
  // A very long query string is dropped rather than echoed into the Location header.
  return redirect(`/login?${new URLSearchParams({ redirectTo: safeRedirectPath(pathname + search, pathname) })}`)
}

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request): Promise<User> {
  const user = await getSessionUser(request)
  if (user) return user
  throw loginRedirect(request)
}

/**
 * The signed-in user if their role is one of `roles`. Signed out: a redirect to /login that
 * comes back here; signed in with another role: 403, shown in the site's frame. A refused
 * post's body is read to its end first, so the connection stays usable.
 */
export async function requireRole(request: Request, roles: readonly Role[]): Promise<User> {
  // A post from another site is refused as such, before anyone is looked at.
  if (request.method !== 'GET' && request.method !== 'HEAD') await refuseCrossSitePost(request)
  const user = await getSessionUser(request)
  if (user && roles.includes(user.role)) return user
  if (request.method !== 'GET' && request.method !== 'HEAD') await discardBody(request)
  if (!user) throw loginRedirect(request)
  throw httpError(403, 'Forbidden')
}

/** The stored hash of the session the request carries, or null: to keep this one when the others end. */
export async function sessionHashOf(request: Request) {
  const token = await readSessionToken(request)
  return token ? hashToken(token) : null
}

/** Ends on the server the session the request carries, if any (a login starts a new one: the old token is spent). */
export async function endSession(request: Request) {
  const token = await readSessionToken(request)
  if (token) await deleteSession(hashToken(token))
}

/** Ends the session on the server and returns the Set-Cookie header that clears it. */
export async function destroySession(request: Request) {
  await endSession(request)
  return getSessionCookie().serialize('', { maxAge: 0 })
}
