// A lesson request answered, by the office or by its tutor: the database records it (and a
// confirmed lesson takes its slot and gets its reminder time), and the family is told by e-mail
// either way; a confirmed lesson's family and tutor get it as a calendar file.
import { accountsAt, normaliseEmail, tutorAccountEmail } from '~/db/accounts.server'
import { decideLessonRequest, getLessonRequest, isFamilyOf, type Decision, type LessonRequest } from '~/db/lessons.server'
import { lessonCalendarPart } from '~/lessons/calendar.server'
import { reminderTime } from '~/lessons/lesson-times'
import { lessonConfirmedTutorEmail, lessonDecisionEmail, officeTutorDecisionEmail, type LessonFacts } from '~/mail/emails.server'
import { officeAddress, wakeMailSender } from '~/mail/mail.server'
import { forgetCatalogueChanges, getCatalogue } from '~/tutors/catalogue.server'
import { formatLessonTime } from '~/tutors/slots'

/**
 * The requests of `requests` that the dashboard of an account with their address shows, by the
 * dashboard's own rule (isFamilyOf) for a family's account there; a request sent signed out to an
 * address with no account yet, as a family's account made there would. Not a lesson another account
 * booked for the address (a parent's for a child's), whose dashboard has it instead, and not one at a
 * staff or tutor account's address, whose dashboard has no family's part.
 */
async function onAddressDashboards(requests: ReadonlyArray<Pick<LessonRequest, 'id' | 'userId' | 'email'>>) {
  const holders = new Map((await accountsAt(requests.map(({ email }) => email))).map((account) => [normaliseEmail(account.email), account]))
  const shown = requests.filter((request) => {
    const holder = holders.get(normaliseEmail(request.email))
    if (!holder) return request.userId === null
    return holder.role === 'family' && isFamilyOf(request, { userId: holder.id, email: holder.email })
  })
  return new Set(shown.map(({ id }) => id))
}

/**
 * What the e-mails and the calendar say of each of `requests`: its tutor's name from the catalogue,
 * its time in London words, and whether the dashboard of an account with its address shows it.
 */
export async function factsOfLessons(now: Date, requests: ReadonlyArray<Pick<LessonRequest, 'id' | 'userId' | 'email'>>) {
  const [tutors, shown] = await Promise.all([getCatalogue(now), onAddressDashboards(requests)])
  const looked = new Set(requests.map(({ id }) => id))
  return (request: LessonRequest): LessonFacts & { slotStart: string } => {
    if (!looked.has(request.id)) throw new Error(`lesson ${request.id}: its facts were not looked up`)
    return {
      id: request.id,
      familyName: request.name,
      tutorName: tutors.find((tutor) => tutor.id === request.tutorId)?.name ?? 'your tutor',
      when: formatLessonTime(request.slotStart),
      slotStart: request.slotStart,
      onAddressDashboard: shown.has(request.id),
    }
  }
}

export async function answerLessonRequest(id: number, decision: Decision, by: { userId: number; name: string; tutorId?: string }, now = new Date()) {
  // Looked up first: the e-mails are queued inside the answer's transaction.
  const asked = await getLessonRequest(id)
  const factsOf = await factsOfLessons(now, asked ? [asked] : [])
  const tutorEmail = asked ? await tutorAccountEmail(asked.tutorId) : null
  const outcome = await decideLessonRequest(
    id,
    decision,
    by,
    (request) => {
      const lesson = factsOf(request)
      const confirmed = decision === 'confirmed'
      const remindAt = reminderTime(request.slotStart, now)
      const answer = confirmed ? { confirmed, reminded: remindAt !== null } : { confirmed }
      const calendarFor = (reader: 'family' | 'tutor') => lessonCalendarPart(lesson, reader, now)
      const decided = lessonDecisionEmail(request.name, { id: request.tutorId, name: lesson.tutorName }, lesson.when, answer, lesson.onAddressDashboard)
      // What says the lesson is on is sent only while it is (an outage may hold it past a cancellation).
      const whileOn = confirmed ? { whileLessonConfirmed: request.id } : {}
      const family = { message: { to: request.email, ...decided, ...(confirmed ? { icalEvent: calendarFor('family') } : {}) }, what: 'a lesson decision', ...whileOn }
      const tutor = confirmed && tutorEmail ? [{ message: { to: tutorEmail, ...lessonConfirmedTutorEmail(lesson), icalEvent: calendarFor('tutor') }, what: 'the tutor notice of a confirmed lesson', ...whileOn }] : []
      // A tutor's answer is news to the office, which asks for payment and sends the joining details.
      const office = by.tutorId !== undefined ? [{ message: { to: officeAddress(), ...officeTutorDecisionEmail(lesson, request, confirmed) }, what: 'the office notice of a tutor decision', ...whileOn }] : []
      return { mails: [family, ...tutor, ...office], remindAt }
    },
    now,
  )
  if (outcome.done) {
    forgetCatalogueChanges()
    wakeMailSender()
  }
  return outcome
}
