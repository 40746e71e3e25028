// What the public forms send us, stored as parsed (trimmed) by their schemas.
import { getDb, nowIso } from '~/db/database.server'
import { insertMails, type NoticesOf } from '~/db/mail-queue.server'

/** Stores the message with the e-mails it causes; returns its id, for the office's link to it. */
export async function saveContactMessage(message: { name: string; email: string; subject: string; message: string }, notices: NoticesOf = () => []) {
  return (await getDb()).transaction().execute(async (trx) => {
    const row = await trx.insertInto('contact_messages').values({ ...message, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow()
    await insertMails(trx, notices(row.id), new Date())
    return row.id
  })
}

export async function saveTutorApplication(
  application: { name: string; email: string; subjects: string[]; levels: string[]; experienceYears: number; statement: string },
  notices: NoticesOf = () => [],
) {
  return (await getDb()).transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('tutor_applications')
      .values({
        name: application.name,
        email: application.email,
        subjects: JSON.stringify(application.subjects),
        levels: JSON.stringify(application.levels),
        experience_years: application.experienceYears,
        has_equipment: 1,
        statement: application.statement,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await insertMails(trx, notices(row.id), new Date())
    return row.id
  })
}
