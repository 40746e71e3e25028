// What the public forms send us, stored as parsed (trimmed) by their schemas. Plain SQL, one place per table.
import { getDb } from '~/db/database.server'

export function saveContactMessage(message: { name: string; email: string; subject: string; message: string }) {
  getDb()
    .prepare('INSERT INTO contact_messages (name, email, subject, message) VALUES (?, ?, ?, ?)')
    .run(message.name, message.email, message.subject, message.message)
}

export function saveTutorApplication(application: {
  name: string
  email: string
  subjects: string[]
  levels: string[]
  experienceYears: number
  statement: string
}) {
  getDb()
    .prepare(
      `INSERT INTO tutor_applications (name, email, subjects, levels, experience_years, has_equipment, statement)
       VALUES (?, ?, ?, ?, ?, 1, ?)`,
    )
    .run(
      application.name,
      application.email,
      JSON.stringify(application.subjects),
      JSON.stringify(application.levels),
      application.experienceYears,
      application.statement,
    )
}

export function saveLessonRequest(request: { tutorId: string; slotStart: string; name: string; email: string; message: string }) {
  getDb()
    .prepare('INSERT INTO lesson_requests (tutor_id, slot_start, name, email, message) VALUES (?, ?, ?, ?, ?)')
    .run(request.tutorId, request.slotStart, request.name, request.email, request.message)
}
