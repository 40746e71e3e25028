// Accounts and password-reset links (users, password_reset_tokens). Plain SQL, all of it here.
// E-mail addresses are stored trimmed and lower-case, so each address has one account.
import { getDb } from '~/db/database.server'

export type User = { id: number; name: string; email: string; createdAt: string }

type UserRow = { id: number; name: string; email: string; created_at: string; password_hash: string }

function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.created_at }
}

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase()
}

/** Adds the account, or returns 'taken' without touching the one that has the address. */
export function insertUser(input: { name: string; email: string; passwordHash: string }): 'created' | 'taken' {
  const result = getDb()
    .prepare('INSERT INTO users (name, email, password_hash) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING')
    .run(input.name, normaliseEmail(input.email), input.passwordHash)
  return result.changes === 1 ? 'created' : 'taken'
}

/** The account with this address and its password hash, or null. */
export function findUserByEmail(email: string): { user: User; passwordHash: string } | null {
  const row = getDb().prepare('SELECT * FROM users WHERE email = ?').get(normaliseEmail(email)) as UserRow | undefined
  return row ? { user: toUser(row), passwordHash: row.password_hash } : null
}

export function getUserById(id: number): User | null {
  const row = getDb().prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined
  return row ? toUser(row) : null
}

export function insertResetToken(tokenHash: string, userId: number, expiresAt: string) {
  getDb().prepare('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)').run(tokenHash, userId, expiresAt)
}

function findUsableResetToken(tokenHash: string) {
  return getDb()
    .prepare('SELECT id, user_id FROM password_reset_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
    .get(tokenHash, new Date().toISOString()) as { id: number; user_id: number } | undefined
}

export function isResetTokenUsable(tokenHash: string) {
  return findUsableResetToken(tokenHash) !== undefined
}

/**
 * Spends the reset link and sets the new password, in one transaction, if the link is
 * unused and unexpired; every other unused link of the account stops working too, and the
 * account is signed out everywhere. False when the link cannot be used.
 */
export function resetPasswordWithToken(tokenHash: string, passwordHash: string): boolean {
  const db = getDb()
  return db.transaction(() => {
    // Checked inside the transaction: two tabs may submit the same link.
    const row = findUsableResetToken(tokenHash)
    if (!row) return false
    db.prepare('UPDATE password_reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(new Date().toISOString(), row.user_id)
    db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, row.user_id)
    db.prepare('DELETE FROM sessions WHERE user_id = ?').run(row.user_id)
    return true
  })()
}
