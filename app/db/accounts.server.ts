// Accounts, the links that prove their addresses, and password-reset links (users,
// email_confirmations, password_reset_tokens). E-mail addresses are stored trimmed and
// lower-case, so each address has one account.
import { getDb, nowIso, type Queries } from '~/db/database.server'
import { lowerEmail } from '~/db/engine.server'
import type { Role } from '~/db/schema'

export type User = {
  id: number
  name: string
  email: string
  createdAt: string
  role: Role
  tutorId: string | null
  /** Whether the address is proven: until it is, nothing recorded under it is the account's. */
  emailConfirmed: boolean
}

type UserRow = { id: number; name: string; email: string; created_at: string; role: Role; tutor_id: string | null; email_confirmed_at: string | null }

const USER_COLUMNS = ['id', 'name', 'email', 'created_at', 'role', 'tutor_id', 'email_confirmed_at'] as const

function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.created_at, role: row.role, tutorId: row.tutor_id, emailConfirmed: row.email_confirmed_at !== null }
}

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase()
}

/**
 * Adds the account (a family's, unless a tutor id is given) and returns its id, or null without
 * touching the account that has the address already. A tutor's address is proven by the
 * invitation that reached it.
 */
export async function insertUser(input: { name: string; email: string; passwordHash: string; tutorId?: string }, queries?: Queries): Promise<number | null> {
  const now = nowIso()
  const row = await (queries ?? (await getDb()))
    .insertInto('users')
    .values({
      name: input.name,
      email: normaliseEmail(input.email),
      password_hash: input.passwordHash,
      created_at: now,
      ...(input.tutorId ? { role: 'tutor' as const, tutor_id: input.tutorId, email_confirmed_at: now } : {}),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
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
export async function setStaff(email: string, isStaff: boolean): Promise<'granted' | 'revoked' | 'unchanged' | 'no-account' | 'is-tutor' | 'unconfirmed'> {
  const db = await getDb()
  const row = await db.selectFrom('users').select(['id', 'role', 'email_confirmed_at']).where('email', '=', normaliseEmail(email)).executeTakeFirst()
  if (!row) return 'no-account'
  if (row.role === 'tutor') return 'is-tutor'
  // Whoever signed up first with an address is not its owner until a link sent there is opened.
  if (isStaff && row.email_confirmed_at === null) return 'unconfirmed'
  const role = isStaff ? 'staff' : 'family'
  if (row.role === role) return 'unchanged'
  await db.updateTable('users').set({ role }).where('id', '=', row.id).execute()
  return isStaff ? 'granted' : 'revoked'
}

export async function insertEmailConfirmation(tokenHash: string, userId: number, email: string, expiresAt: string) {
  await (await getDb()).insertInto('email_confirmations').values({ token_hash: tokenHash, user_id: userId, email: normaliseEmail(email), expires_at: expiresAt, created_at: nowIso() }).execute()
}

/** The account and address an unused, unexpired confirmation link would prove, or null. */
export async function findEmailConfirmation(tokenHash: string): Promise<{ userId: number; email: string } | null> {
  const row = await (await getDb())
    .selectFrom('email_confirmations')
    .innerJoin('users', 'users.id', 'email_confirmations.user_id')
    .select(['email_confirmations.user_id', 'email_confirmations.email'])
    .where('email_confirmations.token_hash', '=', tokenHash)
    .where('email_confirmations.used_at', 'is', null)
    .where('email_confirmations.expires_at', '>', nowIso())
    .whereRef('users.email', '=', 'email_confirmations.email')
    .executeTakeFirst()
  return row ? { userId: row.user_id, email: row.email } : null
}

/**
 * Spends the confirmation link and proves the account's address, in one transaction, if the link
 * is unused, unexpired, the account's own, and the account still has the address it was sent to.
 * What was recorded under the address without an account (lesson requests, class places) becomes
 * the account's. False when the link cannot be used.
 *
 * The link is spent by one conditional UPDATE (`used_at IS NULL`), so it works once.
 */
export async function confirmEmailWithToken(tokenHash: string, userId: number): Promise<boolean> {
  return (await getDb()).transaction().execute(async (trx) => {
    const now = nowIso()
    const spent = await trx
      .updateTable('email_confirmations')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'email'])
      .executeTakeFirst()
    if (!spent) return false
    const confirmed = await trx
      .updateTable('users')
      .set((eb) => ({ email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(now)) }))
      .where('id', '=', spent.user_id)
      .where('email', '=', spent.email)
      .returning('id')
      .executeTakeFirst()
    if (!confirmed) return false
    await trx.updateTable('lesson_requests').set({ user_id: spent.user_id }).where('user_id', 'is', null).where(lowerEmail, '=', spent.email).execute()
    await trx.updateTable('class_registrations').set({ user_id: spent.user_id }).where('user_id', 'is', null).where('email', '=', spent.email).execute()
    return true
  })
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
