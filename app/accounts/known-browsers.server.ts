// The browsers an address has signed in on, remembered by each browser in a signed cookie (OWASP's
// "device cookies"). Wrong passwords for an address from all clients together meet a ceiling, so
// that many clients cannot guess on without end; the browsers its owner has signed in on are not
// held to that ceiling, so a stranger's guesses cannot lock the owner out of them. The cookie holds a
// keyed digest of each address, never the address, and is signed, so it cannot be made for an
// address without signing in as it.
import { createHmac } from 'node:crypto'

import { normaliseEmail } from '~/db/accounts.server'
import { getEnv } from '~/env.server'
import { siteCookie } from '~/http/cookies.server'

// A family's shared computer may sign in as a parent, a learner and a tutor: a few addresses, the latest kept.
const ADDRESSES_KEPT = 5
const YEAR_SECONDS = 365 * 24 * 60 * 60

const knownBrowserCookie = () => siteCookie('knownBrowser', { maxAge: YEAR_SECONDS, secrets: [getEnv().sessionSecret] })

function digestOf(email: string) {
  return createHmac('sha256', getEnv().sessionSecret).update(normaliseEmail(email)).digest('base64url').slice(0, 22)
}

async function digestsIn(request: Request): Promise<string[]> {
  const value: unknown = await knownBrowserCookie().parse(request.headers.get('Cookie'))
  return Array.isArray(value) ? value.filter((digest): digest is string => typeof digest === 'string').slice(0, ADDRESSES_KEPT) : []
}

/** Whether `email` has signed in on the browser that sent `request`. */
export async function hasSignedInHere(request: Request, email: string) {
  return (await digestsIn(request)).includes(digestOf(email))
}

/** The Set-Cookie header that adds `email` to the addresses the browser has signed in as. */
export async function rememberSignIn(request: Request, email: string) {
  const digest = digestOf(email)
  return knownBrowserCookie().serialize([digest, ...(await digestsIn(request)).filter((kept) => kept !== digest)].slice(0, ADDRESSES_KEPT))
}
