// Newsletter subscriptions: an address typed into the box, on the list once its owner confirms it
// with the link we e-mail, and unsubscribing.
//
// A subscription's token is stored as is, not hashed like reset links and sessions: every future
// mailing must carry it, so we must be able to read it back. A hash would mean a new token per
// mailing, and the links in older e-mails would stop working. What a leak of the table would expose
// is small: the token can only confirm or remove that address, and whoever reads the table already
// has the address.
import { randomBytes } from 'node:crypto'

import { getDb, nowIso } from '~/db/database.server'
import { lowerEmail } from '~/db/engine.server'
import { insertMails, type OutgoingMail } from '~/db/mail-queue.server'

export type Subscription = { email: string; confirmed: boolean }

const TOKEN_LENGTH = 64

/** Whether `token`, as a link's query string gave it, is the shape of one this file makes: else it finds nothing (a NUL byte would be an error in PostgreSQL). */
function isToken(token: string) {
  return token.length === TOKEN_LENGTH && /^[0-9a-f]+$/.test(token)
}

/**
 * Records the address as waiting for its owner, with the time and a fresh token, and queues the
 * e-mail with the link to confirm it (`confirmation`) in the same transaction. An address already
 * waiting keeps its token and its first time (it is deleted a week after that, however often it is
 * typed again) and gets the link again; one already confirmed is left as it was. Returns the token e-mailed, or null when the address was confirmed already and
 * nothing is sent. A unique index on the lower-cased address keeps one row per address, in any case.
 */
export async function subscribeToNewsletter(email: string, askedAt = new Date(), confirmation: (token: string) => OutgoingMail[] = () => []): Promise<string | null> {
  const token = randomBytes(TOKEN_LENGTH / 2).toString('hex')
  const at = nowIso(askedAt)
  const address = email.toLowerCase()
  return (await getDb()).transaction().execute(async (trx) => {
    await trx
      .insertInto('newsletter_subscribers')
      .values({ email: address, subscribed_at: at, consented_at: at, unsubscribe_token: token })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
    // The row just made, or the one there before.
    const waiting = await trx
      .selectFrom('newsletter_subscribers')
      .select('unsubscribe_token')
      .where(lowerEmail, '=', address)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst()
    if (!waiting) return null
    await insertMails(trx, confirmation(waiting.unsubscribe_token), new Date())
    return waiting.unsubscribe_token
  })
}

/** The subscription a token belongs to, or null for an unknown token or one whose address has gone. */
export async function findSubscription(token: string): Promise<Subscription | null> {
  if (!isToken(token)) return null
  const row = await (await getDb()).selectFrom('newsletter_subscribers').select(['email', 'confirmed_at']).where('unsubscribe_token', '=', token).executeTakeFirst()
  return row ? { email: row.email, confirmed: row.confirmed_at !== null } : null
}

/** Puts the token's address on the list (once: a second confirmation keeps the first time); returns the address, or null for an unknown token. */
export async function confirmSubscription(token: string, at = new Date()): Promise<string | null> {
  if (!isToken(token)) return null
  const db = await getDb()
  await db.updateTable('newsletter_subscribers').set({ confirmed_at: nowIso(at) }).where('unsubscribe_token', '=', token).where('confirmed_at', 'is', null).execute()
  return (await findSubscription(token))?.email ?? null
}

/** Removes the subscription the token belongs to, confirmed or not; returns its address, or null when there was none. */
export async function unsubscribeFromNewsletter(token: string): Promise<string | null> {
  if (!isToken(token)) return null
  const row = await (await getDb()).deleteFrom('newsletter_subscribers').where('unsubscribe_token', '=', token).returning('email').executeTakeFirst()
  return row?.email ?? null
}
