// Accounts: sign-up, credential checks, password resets. Plain SQL, one place per table.
import { getDb } from '~/db/database.server'
import { RESET_LINK_LIFETIME_MINUTES } from '~/forms/password-reset'
import { getDecoyHash, hashPassword, verifyPassword } from '~/accounts/passwords.server'
import { createToken, hashToken, isoAfter } from '~/accounts/tokens.server'

export type User = { id: number; name: string; email: string; createdAt: string }

type UserRow = { id: number; name: string; email: string; created_at: string; password_hash: string }

function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.created_at }
}

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase()
}

/** Creates the account, or returns 'taken' without touching the one that exists. */
export async function createAccount(input: { name: string; email: string; password: string }): Promise<'created' | 'taken'> {
  const passwordHash = await hashPassword(input.password)
  const result = getDb()
    .prepare('INSERT INTO users (name, email, password_hash) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING')
    .run(input.name.trim(), normaliseEmail(input.email), passwordHash)
  return result.changes === 1 ? 'created' : 'taken'
}

function findUserRow(email: string) {
  return getDb().prepare('SELECT * FROM users WHERE email = ?').get(normaliseEmail(email)) as UserRow | undefined
}

export function getUserById(id: number): User | null {
  const row = getDb().prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined
  return row ? toUser(row) : null
}

/** The user whose e-mail and password match, or null; a wrong e-mail and a wrong password look the same. */
export async function verifyLogin(email: string, password: string): Promise<User | null> {
  const row = findUserRow(email)
  const matches = await verifyPassword(password, row?.password_hash ?? (await getDecoyHash()))
  return row && matches ? toUser(row) : null
}

/** A single-use reset token for a known e-mail, or null for an unknown one. */
export function createPasswordResetToken(email: string): { user: User; token: string } | null {
  const row = findUserRow(email)
  if (!row) return null
  const { token, tokenHash } = createToken()
  getDb()
    .prepare('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)')
    .run(tokenHash, row.id, isoAfter(RESET_LINK_LIFETIME_MINUTES * 60_000))
  return { user: toUser(row), token }
}

type ResetTokenRow = { id: number; user_id: number }

function findUsableResetToken(token: string): ResetTokenRow | undefined {
  return getDb()
    .prepare('SELECT id, user_id FROM password_reset_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
    .get(hashToken(token), new Date().toISOString()) as ResetTokenRow | undefined
}

export function isResetTokenUsable(token: string) {
  return findUsableResetToken(token) !== undefined
}

/**
 * Sets the new password if the token is unused and unexpired, then spends the
 * token and signs the account out everywhere. False when the token cannot be used.
 */
export async function resetPassword(token: string, newPassword: string): Promise<boolean> {
  if (!findUsableResetToken(token)) return false
  const passwordHash = await hashPassword(newPassword)
  const db = getDb()
  return db.transaction(() => {
    // Checked again inside the transaction: two tabs may submit the same link.
    const row = findUsableResetToken(token)
    if (!row) return false
    // Every other unused link for the account stops working too.
    db.prepare('UPDATE password_reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(new Date().toISOString(), row.user_id)
    db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, row.user_id)
    db.prepare('DELETE FROM sessions WHERE user_id = ?').run(row.user_id)
    return true
  })()
}
