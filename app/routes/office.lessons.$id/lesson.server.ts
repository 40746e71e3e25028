import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getLessonRequest } from '~/db/lessons.server'
import { historyOf } from '~/db/office.server'
import { intentOf } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'
import { httpError, redirect } from '~/http/responses.server'
import { answerLessonRequest } from '~/lessons/decisions.server'
import { lessonStage } from '~/lessons/lesson-times'
import { OFFICE_NOTICES } from '~/messages/office'
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
    lesson: { ...lesson, stage: lessonStage(lesson.status, lesson.slotStart, now), tutorName: tutor?.name ?? lesson.tutorId, when: formatLessonTime(lesson.slotStart) },
    history: await historyOf('lesson_request', id),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  await readSubmission(request, NoFieldsSchema)
  const id = itemId(params.id)
  const intent = intentOf(request)
  if (intent !== 'confirm' && intent !== 'decline') return json({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  const outcome = await answerLessonRequest(id, intent === 'confirm' ? 'confirmed' : 'declined', staff)
  if (!outcome.done) {
    if (outcome.reason === 'not-found') throw httpError(404, 'Not Found')
    return json({ refusal: outcome.reason === 'slot-taken' ? OFFICE_NOTICES.slotTaken : OFFICE_NOTICES.alreadyAnswered }, { status: 409 })
  }
  return redirect(`/office/lessons/${id}`)
}
