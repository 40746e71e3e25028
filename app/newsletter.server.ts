import { getDb } from '~/db.server'

/** Adds the address; `false` when it was already subscribed. */
export function subscribeToNewsletter(email: string): boolean {
  const result = getDb()
    .prepare('INSERT INTO newsletter_subscribers (email) VALUES (?) ON CONFLICT (email) DO NOTHING')
    .run(email.toLowerCase())
  return result.changes === 1
}
