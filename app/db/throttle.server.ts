// Limits what a stranger can make us do: password guesses, sign-ups, reset and confirmation links,
// and automatic e-mails to any one address. Attempts are counted per key (an address, a client)
// across every app process (the count is in the shared database); past a limit the action
// answers 429, or the e-mail is not sent, until the window has passed.
import type { Transaction } from 'kysely'

import { getDb, holdLock, nowIso, withLock, type Database, type Queries } from '~/db/database.server'
import { RULES } from '~/site'

export type Limit = { attempts: number; windowMinutes: number }

/** The key the wrong checks of an account's current password are counted under (accounts/own-account.server.ts). */
export function accountPasswordKey(userId: number) {
  return `account-password:${userId}`
}

/** A key to count attempts against, and its limit. */
export type ThrottleCheck = readonly [key: string, limit: Limit]

export const THROTTLE_LIMITS = {
  // Failed logins for one address from one client; and from all clients together.
  loginPerEmail: { attempts: 5, windowMinutes: 15 },
  loginPerEmailEverywhere: { attempts: 50, windowMinutes: 15 },
  // Failed logins only (a success takes its attempt back), whatever the address tried.
  loginPerClient: { attempts: 20, windowMinutes: 15 },
  // Every login from one client, right or wrong: each costs a password hash. A school's families
  // signing in together stay under it.
  loginsPerClient: { attempts: 60, windowMinutes: 15 },
  // Generous enough for a school or a library, where many families share one address.
  signupsPerClient: { attempts: 20, windowMinutes: 60 },
  resetRequestsPerClient: { attempts: 10, windowMinutes: 60 },
  confirmationResendsPerClient: { attempts: 10, windowMinutes: 60 },
  storedPostsPerClient: { attempts: 30, windowMinutes: 60 },
  // What a stranger can make us send to an address they typed, in four budgets, so that a
  // stranger's posts cannot use up what a family's own reset link or security alert needs:
  // acknowledgements (contact, lesson request, class place, newsletter welcome), account links
  // (confirmation, reset, address change), account notices of what others tried with the address
  // (a sign-up, a move to it), and account alerts of what was done signed in to its account (a new
  // password, a move away), which no one without the password can spend: a stranger's free
  // sign-ups with a family's address once left its reset, and then its alerts, with nothing to
  // send. The office's own copies are not counted.
  acknowledgementsPerRecipient: { attempts: RULES.automaticMailsPerHour, windowMinutes: 60 },
  accountLinksPerRecipient: { attempts: RULES.automaticMailsPerHour, windowMinutes: 60 },
  accountNoticesPerRecipient: { attempts: RULES.automaticMailsPerHour, windowMinutes: 60 },
  accountAlertsPerRecipient: { attempts: RULES.automaticMailsPerHour, windowMinutes: 60 },
} as const satisfies Record<string, Limit>

function windowStart(limit: Limit) {
  return nowIso(new Date(Date.now() - limit.windowMinutes * 60_000))
}

/**
 * Whether `check`'s key has reached its limit: a plain read, with no lock and no record. Enough for a
 * ceiling, which has only to stop a flood (a lock would make every post on the site wait on one key,
 * and the few requests in flight as it is reached may pass it), and for asking, before a counted
 * step, whether a budget that step might use is spent.
 */
export async function isAtLimit(queries: Queries, [key, limit]: ThrottleCheck) {
  const { n } = await queries
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('throttle_key', '=', key)
    .where('attempted_at', '>', windowStart(limit))
    .executeTakeFirstOrThrow()
  return Number(n) >= limit.attempts
}

/**
 * Records an attempt against each key unless one of them has reached its limit. Returns the
 * records made (so a success can take them back), or null when throttled (nothing recorded).
 * The count and the record are one step under a lock on the first key, so parallel attempts
 * on any process cannot all slip under the limit. A key already at its limit is refused by a
 * plain read first: a flood of attempts on one key (posts naming one address) then waits for
 * no lock and writes nothing. Old records go with the retention clean-up (hourly).
 */
export async function recordAttemptUnlessThrottled(checks: ReadonlyArray<readonly [key: string | null, limit: Limit]>): Promise<number[] | null> {
  const counted = checks.filter((check): check is ThrottleCheck => check[0] !== null)
  const [first] = counted
  if (!first) return []
  const db = await getDb()
  for (const check of counted) if (await isAtLimit(db, check)) return null
  return withLock(`throttle:${first[0]}`, async (trx) => {
    for (const check of counted) if (await isAtLimit(trx, check)) return null
    const attemptedAt = nowIso()
    const rows = await trx
      .insertInto('login_attempts')
      .values(counted.map(([key]) => ({ throttle_key: key, attempted_at: attemptedAt })))
      .returning('id')
      .execute()
    return rows.map((row) => row.id)
  })
}

/**
 * Counts one attempt against `check`'s key inside the caller's transaction, unless the key has
 * reached its limit: for what is stored with the change that causes it (an e-mail to an address a
 * visitor typed). As above, a key at its limit is refused by a plain read, and the count and the
 * record are one step under the key's lock. True when counted.
 */
export async function countAttemptIn(trx: Transaction<Database>, check: ThrottleCheck): Promise<boolean> {
  if (await isAtLimit(trx, check)) return false
  return holdLock(trx, `throttle:${check[0]}`, async () => {
    if (await isAtLimit(trx, check)) return false
    await trx.insertInto('login_attempts').values({ throttle_key: check[0], attempted_at: nowIso() }).execute()
    return true
  })
}

/**
 * Counts one attempt against each key of `ceilings`, limits on what every visitor together may
 * cause (keys of the whole site's), checked by `isAtLimit` first: without a lock, unlike a budget.
 */
export async function countAgainstCeilings(queries: Queries, ceilings: readonly ThrottleCheck[]) {
  if (ceilings.length === 0) return
  const attemptedAt = nowIso()
  await queries
    .insertInto('login_attempts')
    .values(ceilings.map(([key]) => ({ throttle_key: key, attempted_at: attemptedAt })))
    .execute()
}

export async function forgetAttempts(ids: readonly number[]) {
  if (ids.length === 0) return
  await (await getDb()).deleteFrom('login_attempts').where('id', 'in', ids).execute()
}

export async function clearAttempts(key: string) {
  await (await getDb()).deleteFrom('login_attempts').where('throttle_key', '=', key).execute()
}
