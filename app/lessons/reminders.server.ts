// Reminders a day before each confirmed lesson, to the family and the tutor (when they have an
// account), queued with the rest of the mail. Each app process looks every minute; a lesson is
// marked reminded in the transaction that queues its e-mails, so two processes never both do it.
import { tutorAccountEmails } from '~/db/accounts.server'
import { dueReminders, queueReminders } from '~/db/lessons.server'
import { factsOfLessons } from '~/lessons/decisions.server'
import { lessonReminderEmail } from '~/mail/emails.server'
import { wakeMailSender } from '~/mail/mail.server'

/** Queues the reminders due at `now`; returns how many lessons it reminded of. */
export async function sendDueReminders(now: Date) {
  // Most minutes nothing is due: one query, and the names and addresses only when something is.
  const due = await dueReminders(now)
  if (due.length === 0) return 0
  const [factsOf, tutorEmails] = await Promise.all([factsOfLessons(now, due), tutorAccountEmails()])
  const reminded = await queueReminders(due, now, (request) => {
    const lesson = factsOf(request)
    const tutorEmail = tutorEmails.get(request.tutorId)
    return [
      { message: { to: request.email, ...lessonReminderEmail(lesson, 'family') }, what: 'the family reminder of a lesson', whileLessonConfirmed: request.id },
      ...(tutorEmail ? [{ message: { to: tutorEmail, ...lessonReminderEmail(lesson, 'tutor') }, what: 'the tutor reminder of a lesson', whileLessonConfirmed: request.id }] : []),
    ]
  })
  if (reminded > 0) wakeMailSender()
  return reminded
}

const LOOK_EVERY_MS = 60_000

/** This process's reminders: a look at start, then every minute, until the server is told to stop. */
export function startLessonReminders() {
  const look = () => void sendDueReminders(new Date()).catch((error: unknown) => console.error('lessons: could not queue the reminders due', error))
  look()
  const looking = setInterval(look, LOOK_EVERY_MS).unref()
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => clearInterval(looking))
}
