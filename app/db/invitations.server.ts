// Invitations for catalogue tutors: a single-use link, valid 7 days, stored hashed, that sets
// a password and creates the tutor's account.
import type { Transaction } from 'kysely'

import { insertUser, normaliseEmail, whileAccountExists } from '~/db/accounts.server'
import { getDb, nowIso, withLock, type Database } from '~/db/database.server'
import { insertMails, type OutgoingMail } from '~/db/mail-queue.server'
import { RULES } from '~/site'

export type Invitation = { id: number; tutorId: string; email: string; expiresAt: string }

/**
 * Stores the invitation, its history and its e-mail (`mails`, queued in the same transaction). An
 * earlier invitation for the tutor not yet used is withdrawn: staff invite again because the first
 * address was wrong, and a link in a stranger's mailbox must not make the tutor's account. Under the
 * tutor's lock, which following a link takes too, so two invitations sent at once leave one usable.
 */
export async function insertInvitation(input: { tokenHash: string; tutorId: string; email: string; applicationId: number | null; by: { userId: number; name: string } }, mails: readonly OutgoingMail[] = []) {
  const now = new Date()
  const expiresAt = nowIso(new Date(now.getTime() + RULES.invitationValidDays * 24 * 60 * 60 * 1000))
  await withLock(`tutor-account:${input.tutorId}`, async (trx) => {
    await trx.updateTable('tutor_invitations').set({ used_at: nowIso(now) }).where('tutor_id', '=', input.tutorId).where('used_at', 'is', null).execute()
    const { id } = await trx
      .insertInto('tutor_invitations')
      .values({
        token_hash: input.tokenHash,
        tutor_id: input.tutorId,
        email: normaliseEmail(input.email),
        application_id: input.applicationId,
        invited_by: input.by.userId,
        expires_at: expiresAt,
        created_at: nowIso(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.insertInto('history').values({ item_type: 'tutor_invitation', item_id: id, action: `invited ${normaliseEmail(input.email)}`, by_user_id: input.by.userId, by_name: input.by.name, at: nowIso(now) }).execute()
    if (input.applicationId !== null) {
      await trx.updateTable('tutor_applications').set({ status: 'invited' }).where('id', '=', input.applicationId).execute()
      await trx.insertInto('history').values({ item_type: 'tutor_application', item_id: input.applicationId, action: 'invited', by_user_id: input.by.userId, by_name: input.by.name, at: nowIso(now) }).execute()
    }
    await insertMails(trx, mails, now)
  })
  return expiresAt
}

export async function findUsableInvitation(tokenHash: string): Promise<Invitation | null> {
  const row = await (await getDb())
    .selectFrom('tutor_invitations')
    .select(['id', 'tutor_id', 'email', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst()
  return row ? { id: row.id, tutorId: row.tutor_id, email: row.email, expiresAt: row.expires_at } : null
}

/**
 * Spends the invitation and creates the tutor's account, in one transaction: the link is spent
 * by one conditional UPDATE, so it works once. An address whose account is proven already is
 * refused (and the link stays usable for the office to sort out); an unproven family account with
 * the address becomes the tutor's, signed out everywhere: the invitation reached the mailbox, so
 * whoever signed up with the address first is not its owner (issue 26).
 */
export async function acceptInvitation(tokenHash: string, account: { name: string; passwordHash: string }): Promise<'created' | 'invalid' | 'taken' | 'tutor-taken'> {
  const invited = await (await getDb()).selectFrom('tutor_invitations').select('tutor_id').where('token_hash', '=', tokenHash).executeTakeFirst()
  if (!invited) return 'invalid'
  // One account per catalogue tutor: two invitations for them followed at once are taken in turn.
  return withLock(`tutor-account:${invited.tutor_id}`, async (trx) => {
    const now = nowIso()
    const spent = await trx
      .updateTable('tutor_invitations')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['id', 'tutor_id', 'email'])
      .executeTakeFirst()
    if (!spent) return 'invalid'
    // Left spent: should that account be deleted, the office invites the tutor afresh.
    if (await trx.selectFrom('users').select('id').where('tutor_id', '=', spent.tutor_id).executeTakeFirst()) return 'tutor-taken'
    // An address someone else holds keeps the link usable, for the office to sort out.
    const keepUsable = async () => {
      await trx.updateTable('tutor_invitations').set({ used_at: null }).where('id', '=', spent.id).execute()
      return 'taken' as const
    }
    const existing = await trx.selectFrom('users').select(['id', 'role', 'email_confirmed_at']).where('email', '=', spent.email).executeTakeFirst()
    if (existing && existing.role === 'family' && existing.email_confirmed_at === null) return takeOver(trx, existing.id, spent, account, now, keepUsable)
    if (existing) return keepUsable()
    // Null when a sign-up with the address was stored meanwhile, by another process.
    const created = await insertUser({ name: account.name, email: spent.email, passwordHash: account.passwordHash, tutorId: spent.tutor_id }, trx)
    return created === null ? keepUsable() : 'created'
  })
}

/**
 * Makes the unproven family account at the invited address the tutor's, under that account's lock,
 * which its deletion and every write naming it take: what its opener left (a waiting request) is then
 * all there to clear, and none is added after. A login of theirs whose password was checked before
 * opens no session after (createLoginSession).
 */
async function takeOver(
  trx: Transaction<Database>,
  accountId: number,
  spent: { tutor_id: string },
  account: { name: string; passwordHash: string },
  now: string,
  keepUsable: () => Promise<'taken'>,
): Promise<'created' | 'taken'> {
  const outcome = await whileAccountExists(trx, accountId, async () => {
    // Only while still unproven: its holder may prove the address as this runs, and a proven family
    // account is theirs (PostgreSQL checks the row again once that proof commits).
    const takenOver = await trx
      .updateTable('users')
      .set({ name: account.name, password_hash: account.passwordHash, role: 'tutor', tutor_id: spent.tutor_id, email_confirmed_at: now })
      .where('id', '=', accountId)
      .where('role', '=', 'family')
      .where('email_confirmed_at', 'is', null)
      .executeTakeFirst()
    if (Number(takenOver.numUpdatedRows) === 0) return keepUsable()
    // Whoever opened the account is not the tutor who takes it over: nothing they left stays theirs
    // to see or to use. A lesson they asked for at another address stays that address's.
    for (const table of ['sessions', 'email_confirmations', 'password_reset_tokens', 'learner_profiles', 'unproven_lesson_requests'] as const) {
      await trx.deleteFrom(table).where('user_id', '=', accountId).execute()
    }
    await trx.updateTable('lesson_requests').set({ user_id: null }).where('user_id', '=', accountId).execute()
    return 'created' as const
  })
  return outcome ?? keepUsable()
}
