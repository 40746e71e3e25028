// Sign-in sessions (sessions): only each token's hash is stored.
import { getDb, nowIso } from '~/db/database.server'

/** Opens a session of the account; with `whilePasswordHashIs`, only if that is still its password's hash (false otherwise). */
export async function insertSession(tokenHash: string, userId: number, expiresAt: string, whilePasswordHashIs?: string): Promise<boolean> {
  const db = await getDb()
  if (whilePasswordHashIs === undefined) {
    await db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, created_at: nowIso() }).execute()
    return true
  }
  // One statement: the check and the insert cannot have a change of password between them.
  const inserted = await db
    .insertInto('sessions')
    .columns(['token_hash', 'user_id', 'expires_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([eb.val(tokenHash).as('token_hash'), 'id', eb.val(expiresAt).as('expires_at'), eb.val(nowIso()).as('created_at')])
        .where('id', '=', userId)
        .where('password_hash', '=', whilePasswordHashIs),
    )
    .returning('token_hash')
    .executeTakeFirst()
  return inserted !== undefined
}

/** The user of an unexpired session, or null. */
export async function findSessionUserId(tokenHash: string): Promise<number | null> {
  const row = await (await getDb())
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst()
  return row?.user_id ?? null
}

export async function deleteSession(tokenHash: string) {
  await (await getDb()).deleteFrom('sessions').where('token_hash', '=', tokenHash).execute()
}
