// A lesson request answered, by the office or by its tutor: the database records it (and a
// confirmed lesson takes its slot), and the family is told by e-mail either way.
import { decideLessonRequest, type Decision } from '~/db/lessons.server'
import { lessonDecisionEmail } from '~/mail/emails.server'
import { wakeMailSender } from '~/mail/mail.server'
import { formatLessonTime } from '~/tutors/slots'
import { forgetCatalogueChanges, getCatalogue } from '~/tutors/catalogue.server'

export async function answerLessonRequest(id: number, decision: Decision, by: { userId: number; name: string; tutorId?: string }) {
  // The tutors' names first: the family's e-mail is queued inside the answer's transaction.
  const tutors = await getCatalogue(new Date())
  const outcome = await decideLessonRequest(id, decision, by, (request) => {
    const tutor = tutors.find((candidate) => candidate.id === request.tutorId)
    const email = lessonDecisionEmail(request.name, tutor?.name ?? 'your tutor', formatLessonTime(request.slotStart), decision === 'confirmed')
    return [{ message: { to: request.email, ...email }, what: 'a lesson decision' }]
  })
  if (outcome.done) {
    forgetCatalogueChanges()
    wakeMailSender()
  }
  return outcome
}
