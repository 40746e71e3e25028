// Accounts, the links that prove their addresses, and password-reset links (users,
// email_confirmations, password_reset_tokens). E-mail addresses are stored trimmed and
// lower-case, so each address has one account.
import type { ExpressionBuilder, Transaction } from 'kysely'

import { getDb, holdLock, nowIso, type Database, type Queries } from '~/db/database.server'
import { lowerEmail } from '~/db/engine.server'
import { insertMails, type OutgoingMail } from '~/db/mail-queue.server'
import type { EmailConfirmationPurpose, Role } from '~/db/schema'

export type User = {
  id: number
  name: string
  email: string
  createdAt: string
  role: Role
  tutorId: string | null
  /** Whether the address is proven: until it is, nothing recorded under it is the account's. */
  emailConfirmed: boolean
  /** A tutor's choice to show families when they are online, and when their account was last used since. */
  showsOnline: boolean
  lastSeenAt: string | null
}

type UserRow = { id: number; name: string; email: string; created_at: string; role: Role; tutor_id: string | null; email_confirmed_at: string | null; shows_online: number; last_seen_at: string | null }

const USER_COLUMNS = ['id', 'name', 'email', 'created_at', 'role', 'tutor_id', 'email_confirmed_at', 'shows_online', 'last_seen_at'] as const

function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: row.created_at,
    role: row.role,
    tutorId: row.tutor_id,
    emailConfirmed: row.email_confirmed_at !== null,
    showsOnline: row.shows_online === 1,
    lastSeenAt: row.last_seen_at,
  }
}

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase()
}

/** The lock an account's deletion holds from before it reads what is the account's, and every write that names the account takes. */
export function accountLockKey(userId: number) {
  return `account:${userId}`
}

/**
 * Runs `work` in `trx` under the lock of account `userId`, in its place in the order of locks (holdLock):
 * `work` then comes before the account's deletion, whose transaction deletes what it wrote, or after it,
 * and is not run (null). Without the lock a write checked signed in, whose account was deleted meanwhile,
 * outlived it (a lesson request, a class place, a tutor's hours), on PostgreSQL. No account: runs `work`.
 */
export async function whileAccountExists<T>(trx: Transaction<Database>, userId: number | null | undefined, work: () => Promise<T>): Promise<T | null> {
  if (userId === null || userId === undefined) return work()
  return holdLock(trx, accountLockKey(userId), async () => ((await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) ? work() : null))
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

/** Stores a link's hash, with the e-mail that carries it; resolves to the e-mails queued (none once the address's are spent). */
export async function insertEmailConfirmation(
  tokenHash: string,
  userId: number,
  email: string,
  expiresAt: string,
  purpose: EmailConfirmationPurpose = 'sign-up',
  mails: readonly OutgoingMail[] = [],
) {
  return (await getDb()).transaction().execute(async (trx) => {
    // Only the newest address an account asked to move to can be confirmed.
    if (purpose === 'change') await trx.updateTable('email_confirmations').set({ used_at: nowIso() }).where('user_id', '=', userId).where('purpose', '=', 'change').where('used_at', 'is', null).execute()
    await trx.insertInto('email_confirmations').values({ token_hash: tokenHash, user_id: userId, email: normaliseEmail(email), expires_at: expiresAt, created_at: nowIso(), purpose }).execute()
    return insertMails(trx, mails, new Date())
  })
}

/**
 * The account and address an unused, unexpired confirmation link would prove, and what for, or
 * null. A sign-up's link works while the account still has the address it was sent to.
 */
export async function findEmailConfirmation(tokenHash: string): Promise<{ userId: number; email: string; purpose: EmailConfirmationPurpose } | null> {
  const row = await (await getDb())
    .selectFrom('email_confirmations')
    .innerJoin('users', 'users.id', 'email_confirmations.user_id')
    .select(['email_confirmations.user_id', 'email_confirmations.email', 'email_confirmations.purpose'])
    .where('email_confirmations.token_hash', '=', tokenHash)
    .where('email_confirmations.used_at', 'is', null)
    .where('email_confirmations.expires_at', '>', nowIso())
    .where((eb) => eb.or([eb('email_confirmations.purpose', '=', 'change'), eb('users.email', '=', eb.ref('email_confirmations.email'))]))
    .executeTakeFirst()
  return row ? { userId: row.user_id, email: row.email, purpose: row.purpose } : null
}

export type AddressProof = 'confirmed' | 'changed' | 'taken' | 'unusable'

/**
 * Spends the confirmation link and proves the address, in one transaction, if the link is unused,
 * unexpired and the account's own. A sign-up's link proves the address the account still has, and
 * what was recorded under it without an account (lesson requests, class places) becomes the
 * account's. A change's link moves the account to the new address, with its requests, class places
 * and newsletter subscription, unless another account has the address by now ('taken').
 *
 * The link is spent by one conditional UPDATE (`used_at IS NULL`), so it works once.
 */
export async function confirmEmailWithToken(tokenHash: string, userId: number): Promise<AddressProof> {
  // Under the account's lock, which its deletion holds: what the proof makes the account's (or moves
  // with it) is then read and deleted with it, or the proof comes after and finds no account.
  const proof = await (await getDb()).transaction().execute((trx) => whileAccountExists(trx, userId, () => proveAddress(trx, tokenHash, userId)))
  return proof ?? 'unusable'
}

async function proveAddress(trx: Transaction<Database>, tokenHash: string, userId: number): Promise<AddressProof> {
  const now = nowIso()
  const spent = await trx
    .updateTable('email_confirmations')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email', 'purpose'])
    .executeTakeFirst()
  if (!spent) return 'unusable'
  if (spent.purpose === 'change') return moveAccount(trx, spent.user_id, spent.email, now)
  const confirmed = await trx
    .updateTable('users')
    .set((eb) => ({ email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(now)) }))
    .where('id', '=', spent.user_id)
    .where('email', '=', spent.email)
    .returning('id')
    .executeTakeFirst()
  if (!confirmed) return 'unusable'
  await claimRecordsOf(trx, spent.user_id, spent.email)
  return 'confirmed'
}

/** What was recorded under a proven address without an account becomes the account's. */
async function claimRecordsOf(trx: Queries, userId: number, email: string) {
  await trx.updateTable('lesson_requests').set({ user_id: userId }).where('user_id', 'is', null).where(lowerEmail, '=', email).execute()
  await trx.updateTable('class_registrations').set({ user_id: userId }).where('user_id', 'is', null).where('email', '=', email).execute()
}

async function moveAccount(trx: Queries, userId: number, newEmail: string, now: string): Promise<AddressProof> {
  const user = await trx.selectFrom('users').select(['email', 'email_confirmed_at']).where('id', '=', userId).executeTakeFirstOrThrow()
  if (user.email === newEmail) return 'changed'
  const taken = await trx.selectFrom('users').select('id').where('email', '=', newEmail).executeTakeFirst()
  if (taken) return 'taken'
  const oldEmail = user.email
  // Records under the old address are the account's only if that address was proven.
  const proven = user.email_confirmed_at !== null
  const ownRecord = (eb: ExpressionBuilder<Database, 'lesson_requests' | 'unproven_lesson_requests' | 'class_registrations'>) =>
    proven ? eb.or([eb('user_id', '=', userId), eb.and([eb('user_id', 'is', null), eb(lowerEmail, '=', oldEmail)])]) : eb('user_id', '=', userId)
  await trx.updateTable('users').set({ email: newEmail, email_confirmed_at: now }).where('id', '=', userId).execute()
  // A request moves only if it names the old address: one the account made for someone else at their
  // address stays the account's to manage, and its e-mails stay theirs.
  await trx.updateTable('lesson_requests').set({ email: newEmail, user_id: userId }).where(ownRecord).where(lowerEmail, '=', oldEmail).execute()
  // So does a waiting request: its link went there.
  await trx.updateTable('unproven_lesson_requests').set({ email: newEmail, user_id: userId }).where(ownRecord).where(lowerEmail, '=', oldEmail).execute()
  // One place per address in a class session: where the new address holds a place already, the
  // account's other place in that session is the same family's second, and goes.
  const duplicates = await trx
    .selectFrom('class_registrations')
    .select('id')
    .where(ownRecord)
    .where('email', '!=', newEmail)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('class_registrations as other').select('other.id').whereRef('other.class_id', '=', 'class_registrations.class_id').whereRef('other.session_date', '=', 'class_registrations.session_date').where('other.email', '=', newEmail)),
    )
    .execute()
  if (duplicates.length) {
    const ids = duplicates.map((row) => row.id)
    await trx.deleteFrom('history').where('item_type', '=', 'class_registration').where('item_id', 'in', ids).execute()
    await trx.deleteFrom('class_registrations').where('id', 'in', ids).execute()
  }
  await trx.updateTable('class_registrations').set({ email: newEmail, user_id: userId }).where(ownRecord).execute()
  // A reset link sent to the old address, which may be the reason for the move, stops working.
  await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute()
  if (proven) {
    // A subscription still waiting at the new address gives way to the one that moves there.
    const moving = await trx.selectFrom('newsletter_subscribers').select('id').where(lowerEmail, '=', oldEmail).executeTakeFirst()
    if (moving) await trx.deleteFrom('newsletter_subscribers').where(lowerEmail, '=', newEmail).where('confirmed_at', 'is', null).execute()
    const subscribed = await trx.selectFrom('newsletter_subscribers').select('id').where(lowerEmail, '=', newEmail).executeTakeFirst()
    if (subscribed) await trx.deleteFrom('newsletter_subscribers').where(lowerEmail, '=', oldEmail).execute()
    else await trx.updateTable('newsletter_subscribers').set({ email: newEmail }).where(lowerEmail, '=', oldEmail).execute()
  }
  await claimRecordsOf(trx, userId, newEmail)
  return 'changed'
}

export async function setName(userId: number, name: string) {
  await (await getDb()).updateTable('users').set({ name }).where('id', '=', userId).execute()
}

/** The account's password hash, to check a current password against. */
export async function getPasswordHash(userId: number): Promise<string | null> {
  const row = await (await getDb()).selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
  return row?.password_hash ?? null
}

/**
 * What a new password ends, however it was set: the account's unused reset links, and any link that
 * would move it to a new address (asked for, perhaps, by whoever knew the old password).
 */
async function spendLinksANewPasswordEnds(trx: Queries, userId: number, now: string) {
  await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute()
  await trx.updateTable('email_confirmations').set({ used_at: now }).where('user_id', '=', userId).where('purpose', '=', 'change').where('used_at', 'is', null).execute()
}

/**
 * Sets a new password and signs the account out everywhere but the session `keepSessionHash`;
 * its unused reset links, and any link that would move it to a new address, stop working.
 */
export async function changePasswordHash(userId: number, passwordHash: string, keepSessionHash: string, mails: readonly OutgoingMail[] = []) {
  await (await getDb()).transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
    await trx.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepSessionHash).execute()
    await spendLinksANewPasswordEnds(trx, userId, nowIso())
    await insertMails(trx, mails, new Date())
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
 * unused and unexpired; every other unused reset link of the account stops working too, as does
 * any link that would move it to a new address, and the account is signed out everywhere.
 * Returns the account's address; null when the link cannot be used.
 *
 * The link is spent by one conditional UPDATE (`used_at IS NULL`): of two requests with the
 * same link, from one process or several, only one changes the row, and only it goes on.
 */
export async function resetPasswordWithToken(tokenHash: string, passwordHash: string): Promise<string | null> {
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
    if (!spent) return null
    await spendLinksANewPasswordEnds(trx, spent.user_id, now)
    const account = await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', spent.user_id).returning('email').executeTakeFirstOrThrow()
    await trx.deleteFrom('sessions').where('user_id', '=', spent.user_id).execute()
    return account.email
  })
}

/** The address an account asked to move to and has not confirmed yet, or null. */
export async function pendingAddressChange(userId: number): Promise<string | null> {
  const row = await (await getDb())
    .selectFrom('email_confirmations')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row?.email ?? null
}

/** Whether an account other than `userId` has this address. */
export async function isAddressTaken(email: string, userId: number) {
  const row = await (await getDb()).selectFrom('users').select('id').where('email', '=', normaliseEmail(email)).where('id', '!=', userId).executeTakeFirst()
  return row !== undefined
}

/** The address of the account of a catalogue tutor, or null when they have none. */
export async function tutorAccountEmail(tutorId: string): Promise<string | null> {
  const row = await (await getDb()).selectFrom('users').select('email').where('tutor_id', '=', tutorId).executeTakeFirst()
  return row?.email ?? null
}

/** The accounts at `emails` (any case): each one's id, address and role. */
export async function accountsAt(emails: readonly string[]): Promise<Array<{ id: number; email: string; role: Role }>> {
  const addresses = [...new Set(emails.map(normaliseEmail))]
  if (addresses.length === 0) return []
  return (await getDb()).selectFrom('users').select(['id', 'email', 'role']).where(lowerEmail, 'in', addresses).execute()
}

/** Every tutor account's address, by catalogue tutor. */
export async function tutorAccountEmails(): Promise<Map<string, string>> {
  const rows = await (await getDb()).selectFrom('users').select(['tutor_id', 'email']).where('tutor_id', 'is not', null).execute()
  return new Map(rows.map((row) => [row.tutor_id!, row.email]))
}
