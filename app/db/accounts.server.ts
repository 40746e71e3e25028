// Accounts and password-reset links (users, password_reset_tokens).
// E-mail addresses are stored trimmed and lower-case, so each address has one account.
import { getDb, nowIso, type Queries } from '~/db/database.server'
import type { Role } from '~/db/schema'

export type User = { id: number; name: string; email: string; createdAt: string; role: Role; tutorId: string | null }

type UserRow = { id: number; name: string; email: string; created_at: string; role: Role; tutor_id: string | null }

const USER_COLUMNS = ['id', 'name', 'email', 'created_at', 'role', 'tutor_id'] as const

function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.created_at, role: row.role, tutorId: row.tutor_id }
}

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase()
}

/** Adds the account (a family's, unless a tutor id is given), or returns 'taken' without touching the one that has the address. */
export async function insertUser(
  input: { name: string; email: string; passwordHash: string; tutorId?: string },
  queries?: Queries,
): Promise<'created' | 'taken'> {
  const result = await (queries ?? (await getDb()))
    .insertInto('users')
    .values({
      name: input.name,
      email: normaliseEmail(input.email),
      password_hash: input.passwordHash,
      created_at: nowIso(),
      ...(input.tutorId ? { role: 'tutor' as const, tutor_id: input.tutorId } : {}),
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? 'created' : 'taken'
}

/** The account with this address and its password hash, or null. */
export async function findUserByEmail(email: string): Promise<{ user: User; passwordHash: string } | null> {
  const row = await (await getDb())
    .selectFrom('users')
    .select([...USER_COLUMNS, 'password_hash'])
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst()
  return row ? { user: toUser(row), passwordHash: row.password_hash } : null
}

export async function getUserById(id: number): Promise<User | null> {
  const row = await (await getDb()).selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst()
  return row ? toUser(row) : null
}

/**
 * Makes an existing account staff, or a staff account a family's again (at its next request:
 * the role is read on every one). Returns what it did; a tutor's account keeps its role.
 */
export async function setStaff(email: string, isStaff: boolean): Promise<'granted' | 'revoked' | 'unchanged' | 'no-account' | 'is-tutor'> {
  const db = await getDb()
  const row = await db.selectFrom('users').select(['id', 'role']).where('email', '=', normaliseEmail(email)).executeTakeFirst()
  if (!row) return 'no-account'
  if (row.role === 'tutor') return 'is-tutor'
  const role = isStaff ? 'staff' : 'family'
  if (row.role === role) return 'unchanged'
  await db.updateTable('users').set({ role }).where('id', '=', row.id).execute()
  return isStaff ? 'granted' : 'revoked'
}

export async function insertResetToken(tokenHash: string, userId: number, expiresAt: string) {
  await (await getDb()).insertInto('password_reset_tokens').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, created_at: nowIso() }).execute()
}

export async function isResetTokenUsable(tokenHash: string) {
  const row = await (await getDb())
    .selectFrom('password_reset_tokens')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Spends the reset link and sets the new password, in one transaction, if the link is
 * unused and unexpired; every other unused link of the account stops working too, and the
 * account is signed out everywhere. False when the link cannot be used.
 *
 * The link is spent by one conditional UPDATE (`used_at IS NULL`): of two requests with the
 * same link, from one process or several, only one changes the row, and only it goes on.
 */
export async function resetPasswordWithToken(tokenHash: string, passwordHash: string): Promise<boolean> {
  return (await getDb()).transaction().execute(async (trx) => {
    const now = nowIso()
    const spent = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst()
    if (!spent) return false
    await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', spent.user_id).where('used_at', 'is', null).execute()
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', spent.user_id).execute()
    await trx.deleteFrom('sessions').where('user_id', '=', spent.user_id).execute()
    return true
  })
}
