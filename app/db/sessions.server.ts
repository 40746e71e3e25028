// Sign-in sessions (sessions): only each token's hash is stored. Plain SQL, all of it here.
import { getDb } from '~/db/database.server'

export function insertSession(tokenHash: string, userId: number, expiresAt: string) {
  getDb().prepare('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)').run(tokenHash, userId, expiresAt)
}

/** The user of an unexpired session, or null. */
export function findSessionUserId(tokenHash: string): number | null {
  const row = getDb()
    .prepare('SELECT user_id FROM sessions WHERE token_hash = ? AND expires_at > ?')
    .get(tokenHash, new Date().toISOString()) as { user_id: number } | undefined
  return row?.user_id ?? null
}

export function deleteSession(tokenHash: string) {
  getDb().prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash)
}
