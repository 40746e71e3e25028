// What the public forms send us, stored as parsed (trimmed) by their schemas.
import { getDb, nowIso } from '~/db/database.server'

export async function saveContactMessage(message: { name: string; email: string; subject: string; message: string }) {
  await (await getDb()).insertInto('contact_messages').values({ ...message, created_at: nowIso() }).execute()
}

export async function saveTutorApplication(application: {
  name: string
  email: string
  subjects: string[]
  levels: string[]
  experienceYears: number
  statement: string
}) {
  await (await getDb())
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
    .execute()
}

export async function saveLessonRequest(request: { tutorId: string; slotStart: string; name: string; email: string; message: string }) {
  await (await getDb())
    .insertInto('lesson_requests')
    .values({ tutor_id: request.tutorId, slot_start: request.slotStart, name: request.name, email: request.email, message: request.message, created_at: nowIso() })
    .execute()
}
