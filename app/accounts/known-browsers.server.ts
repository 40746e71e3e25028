// The browsers an account has signed in on, remembered by each browser in a signed cookie (OWASP's
// "device cookies"). Wrong passwords for an address from all clients together meet a ceiling, so
// that many clients cannot guess on without end; the browsers its owner has signed in on are not
// held to that ceiling, so a stranger's guesses cannot lock the owner out of them.
//
// An entry is a digest of the address and the account's current password hash, under a key of its
// own: it never shows the address, it stops matching once the password changes (a reset after a
// leak, or the account deleted), and whoever holds a matching entry knew the password, so copying it
// to many machines gains a guesser nothing.
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

/** Whether the account of `email`, with its password as it is now, has signed in on the browser that sent `request`. */
export async function hasSignedInHere(request: Request, email: string) {
  const digests = await digestsIn(request)
  if (digests.length === 0) return false
  const found = await findUserByEmail(email)
  return found !== null && digests.includes(digestOf(email, found.passwordHash))
}

/** The Set-Cookie header that adds the account of `email` to those the browser has signed in as; null when there is no such account. */
export async function rememberSignIn(request: Request, email: string) {
  const found = await findUserByEmail(email)
  if (!found) return null
  const digest = digestOf(email, found.passwordHash)
  return knownBrowserCookie().serialize([digest, ...(await digestsIn(request)).filter((kept) => kept !== digest)].slice(0, ACCOUNTS_KEPT))
}
