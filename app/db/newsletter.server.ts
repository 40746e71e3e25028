// Newsletter subscriptions: who consented and when, and unsubscribing. Plain SQL, one
// place for the table.
//
// The unsubscribe token is stored as is, not hashed like reset links and sessions: every
// future mailing must carry it, so we must be able to read it back. A hash would mean a
// new token per mailing, and the links in older e-mails would stop working. What a leak of
// the table would expose is small: the token can only remove that address from the list,
// and whoever reads the table already has the address.
import { randomBytes } from 'node:crypto'

import { getDb } from '~/db/database.server'

/**
 * Adds the address with the time of consent and a fresh unsubscribe token; returns the
 * token, or null when the address was already subscribed (its row is left as it was).
 */
export function subscribeToNewsletter(email: string, consentedAt = new Date()): string | null {
  // Hex, like the tokens migration 4 gave the rows that existed before it.
  const token = randomBytes(32).toString('hex')
  const result = getDb()
    .prepare(
      `INSERT INTO newsletter_subscribers (email, consented_at, unsubscribe_token) VALUES (?, ?, ?)
       ON CONFLICT (email) DO NOTHING`,
    )
    .run(email.toLowerCase(), consentedAt.toISOString(), token)
  return result.changes === 1 ? token : null
}

/** The address an unsubscribe token belongs to, or null for an unknown or spent token. */
export function findSubscriberEmail(token: string): string | null {
  const row = getDb().prepare('SELECT email FROM newsletter_subscribers WHERE unsubscribe_token = ?').get(token) as
    | { email: string }
    | undefined
  return row?.email ?? null
}

/** Removes the subscription the token belongs to; returns its address, or null when there was none. */
export function unsubscribeFromNewsletter(token: string): string | null {
  const row = getDb().prepare('DELETE FROM newsletter_subscribers WHERE unsubscribe_token = ? RETURNING email').get(token) as
    | { email: string }
    | undefined
  return row?.email ?? null
}
