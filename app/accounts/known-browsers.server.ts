// The browsers an account has signed in on, remembered by each browser in a signed cookie (OWASP's
// "device cookies"). Wrong passwords for an address from all clients together meet a ceiling, so
// that many clients cannot guess on without end; the browsers its owner has signed in on are not
// held to that ceiling, so a stranger's guesses cannot lock the owner out of them.
//
// An entry is a digest of the address and the account's current password hash, under a key of its
// own: it never shows the address, and it stops matching once the password changes (a reset after a
// leak, or the account deleted). A copy of it (lifted from a shared computer) is held, in all, to
// the ceiling it lifts: the login counts failures against the entry itself.
import { createHmac } from 'node:crypto'

import { findUserByEmail, normaliseEmail } from '~/db/accounts.server'
import { getEnv } from '~/env.server'
import { siteCookie } from '~/http/cookies.server'

// A family's shared computer may sign in as a parent, a learner and a tutor: a few accounts, the latest kept.
const ACCOUNTS_KEPT = 5
const YEAR_SECONDS = 365 * 24 * 60 * 60

const knownBrowserCookie = () => siteCookie('knownBrowser', { maxAge: YEAR_SECONDS, secrets: [getEnv().sessionSecret] })

function digestOf(email: string, passwordHash: string) {
  const key = createHmac('sha256', getEnv().sessionSecret).update('known sign-in').digest()
  return createHmac('sha256', key).update(`${normaliseEmail(email)}\n${passwordHash}`).digest('base64url').slice(0, 22)
}

async function digestsIn(request: Request): Promise<string[]> {
  const value: unknown = await knownBrowserCookie().parse(request.headers.get('Cookie'))
  return Array.isArray(value) ? value.filter((digest): digest is string => typeof digest === 'string').slice(0, ACCOUNTS_KEPT) : []
}

/** The entry of the account of `email`, with its password as it is now, in the browser that sent `request`; null when it has none. */
export async function signedInHereAs(request: Request, email: string) {
  const digests = await digestsIn(request)
  if (digests.length === 0) return null
  const found = await findUserByEmail(email)
  const digest = found && digestOf(email, found.passwordHash)
  return digest && digests.includes(digest) ? digest : null
}

/**
 * The Set-Cookie header that adds the account of `email`, with its password as it is now, to those the
 * browser has signed in as: after a sign-in, a reset, or a change of password or address on the
 * account page, which would otherwise leave the owner's browser without its entry. Null when there
 * is no such account. It never rejects: it follows a change already made, which a failure here must
 * not undo or hide (it is logged, and the browser is left as it was).
 */
export async function rememberSignIn(request: Request, email: string): Promise<string | null> {
  try {
    const found = await findUserByEmail(email)
    if (!found) return null
    const digest = digestOf(email, found.passwordHash)
    return await knownBrowserCookie().serialize([digest, ...(await digestsIn(request)).filter((kept) => kept !== digest)].slice(0, ACCOUNTS_KEPT))
  } catch (error) {
    console.error('known browsers: could not remember the sign-in', error)
    return null
  }
}
