import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getLessonRequest } from '~/db/lessons.server'
import { historyOf } from '~/db/office.server'
import { intentOf, OfficeCancellationSchema } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'
import { httpError, redirect } from '~/http/responses.server'
import { recordableCancellations, recordCancellation } from '~/lessons/cancellations.server'
import { answerLessonRequest } from '~/lessons/decisions.server'
import { lessonStage } from '~/lessons/lesson-times'
import { DECISION_REFUSALS, OFFICE_NOTICES } from '~/messages/office'
import { itemId, requireStaff } from '~/office/office.server'
import { getCatalogue } from '~/tutors/catalogue.server'
import { formatLessonTime } from '~/tutors/slots'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const id = itemId(params.id)
  const lesson = await getLessonRequest(id)
  if (!lesson) throw httpError(404, 'Not Found')
  const now = new Date()
  const tutor = (await getCatalogue(now)).find((candidate) => candidate.id === lesson.tutorId)
  return json({
    lesson: {
      ...lesson,
      stage: lessonStage(lesson, now),
      tutorName: tutor?.name ?? lesson.tutorId,
      when: formatLessonTime(lesson.slotStart),
      cancellations: recordableCancellations(lesson, now),
      // A time already gone can be declined, not confirmed.
      confirmable: Date.parse(lesson.slotStart) > now.getTime(),
    },
    history: await historyOf('lesson_request', id),
  })
}

export type OfficeLessonActionData = { notice?: string; refusal?: string; fieldErrors?: { terms?: string } }

/** A cancellation that reached the office by e-mail or the contact form, recorded as the office judges it. */
async function recordCancellationOf(request: Request, id: number, staff: { userId: number; name: string }) {
  const submission = await readSubmission(request, OfficeCancellationSchema)
  if (submission.status === 'invalid') return json<OfficeLessonActionData>({ fieldErrors: submission.reply.fieldErrors }, { status: 400 })
  if (submission.status === 'spam') return redirect(`/office/lessons/${id}`)
  const outcome = await recordCancellation(id, staff, submission.value.terms)
  if (!outcome.done) {
    if (outcome.reason === 'not-found') throw httpError(404, 'Not Found')
    return json<OfficeLessonActionData>({ refusal: OFFICE_NOTICES.cancellationDoesNotFit }, { status: 409 })
  }
  return json<OfficeLessonActionData>({ notice: OFFICE_NOTICES.cancellationRecorded })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const id = itemId(params.id)
  const intent = intentOf(request)
  if (intent === 'cancel') return recordCancellationOf(request, id, staff)
  await readSubmission(request, NoFieldsSchema)
  if (intent !== 'confirm' && intent !== 'decline') return json<OfficeLessonActionData>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  const outcome = await answerLessonRequest(id, intent === 'confirm' ? 'confirmed' : 'declined', staff)
  if (!outcome.done) {
    // The office may answer any tutor's request: 'not-yours' is a tutor's refusal only.
    if (outcome.reason === 'not-found' || outcome.reason === 'not-yours') throw httpError(404, 'Not Found')
    return json<OfficeLessonActionData>({ refusal: DECISION_REFUSALS[outcome.reason] }, { status: 409 })
  }
  // Said on the page, as a tutor's dashboard says it: the buttons that were pressed are gone.
  return json<OfficeLessonActionData>({ notice: intent === 'confirm' ? OFFICE_NOTICES.lessonConfirmed : OFFICE_NOTICES.lessonDeclined })
}
