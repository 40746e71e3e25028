// Sign-in sessions (sessions): only each token's hash is stored.
import { getDb, nowIso } from '~/db/database.server'

export async function insertSession(tokenHash: string, userId: number, expiresAt: string) {
  await (await getDb()).insertInto('sessions').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt, created_at: nowIso() }).execute()
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
