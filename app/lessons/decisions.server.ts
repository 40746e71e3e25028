// A lesson request answered, by the office or by its tutor: the database records it (and a
// confirmed lesson takes its slot), and the family is told by e-mail either way.
import { decideLessonRequest, type Decision } from '~/db/lessons.server'
import { lessonDecisionEmail } from '~/mail/emails.server'
import { queueMail } from '~/mail/mail.server'
import { formatLessonTime } from '~/tutors/slots'
import { forgetCatalogueChanges, getCatalogue } from '~/tutors/catalogue.server'

export async function answerLessonRequest(id: number, decision: Decision, by: { userId: number; name: string; tutorId?: string }) {
  const outcome = await decideLessonRequest(id, decision, by)
  if (outcome.done) {
    forgetCatalogueChanges()
    const { request } = outcome
    const tutor = (await getCatalogue(new Date())).find((candidate) => candidate.id === request.tutorId)
    const when = formatLessonTime(request.slotStart)
    await queueMail({ to: request.email, ...lessonDecisionEmail(request.name, tutor?.name ?? 'your tutor', when, decision === 'confirmed') }, 'a lesson decision')
  }
  return outcome
}
