// Newsletter subscriptions: who consented and when, and unsubscribing.
//
// The unsubscribe token is stored as is, not hashed like reset links and sessions: every
// future mailing must carry it, so we must be able to read it back. A hash would mean a
// new token per mailing, and the links in older e-mails would stop working. What a leak of
// the table would expose is small: the token can only remove that address from the list,
// and whoever reads the table already has the address.
import { randomBytes } from 'node:crypto'

import { getDb, nowIso } from '~/db/database.server'
import { insertMails, type OutgoingMail } from '~/db/mail-queue.server'

/**
 * Adds the address with the time of consent and a fresh unsubscribe token; returns the
 * token, or null when the address was already subscribed, in any case (its row is left
 * as it was: a unique index on the lower-cased address refuses the second). The welcome,
 * which carries the token, is queued with the row.
 */
export async function subscribeToNewsletter(email: string, consentedAt = new Date(), welcome: (token: string) => OutgoingMail[] = () => []): Promise<string | null> {
  // Hex, like the tokens the SQLite schema's fourth step gave the rows that existed before it.
  const token = randomBytes(32).toString('hex')
  const at = nowIso(consentedAt)
  return (await getDb()).transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('newsletter_subscribers')
      .values({ email: email.toLowerCase(), subscribed_at: at, consented_at: at, unsubscribe_token: token })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst()
    if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return null
    await insertMails(trx, welcome(token), new Date())
    return token
  })
}

/** The address an unsubscribe token belongs to, or null for an unknown or spent token. */
export async function findSubscriberEmail(token: string): Promise<string | null> {
  const row = await (await getDb()).selectFrom('newsletter_subscribers').select('email').where('unsubscribe_token', '=', token).executeTakeFirst()
  return row?.email ?? null
}

/** Removes the subscription the token belongs to; returns its address, or null when there was none. */
export async function unsubscribeFromNewsletter(token: string): Promise<string | null> {
  const row = await (await getDb()).deleteFrom('newsletter_subscribers').where('unsubscribe_token', '=', token).returning('email').executeTakeFirst()
  return row?.email ?? null
}
