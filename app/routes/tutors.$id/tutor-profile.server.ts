// What a tutor's profile loads and what its lesson request form does.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { saveLessonRequest } from '~/db/submissions.server'
import { LessonRequestSchema, SLOT_TAKEN } from '~/forms/lesson-request'
import { readSubmission, type FormReply } from '~/forms/pipeline.server'
import { ERRORS, NOTICES } from '~/messages'
import { freeSlotsThisWeek, getTutor } from '~/tutors/catalogue.server'
import { formatSlot } from '~/tutors/slots'

export type LessonRequestActionData = Partial<FormReply<typeof LessonRequestSchema>> & { confirmation?: string; formError?: string }

export async function loader({ params }: LoaderFunctionArgs) {
  const tutor = await getTutor(params.id ?? '')
  const slots = freeSlotsThisWeek(tutor, new Date()).map((slot) => ({ iso: slot.start.toISOString(), label: formatSlot(slot) }))
  return json({ tutor, slots })
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The form first, so its body is read (or refused) whatever the tutor id.
  const submission = await readSubmission(request, LessonRequestSchema)
  const tutor = await getTutor(params.id ?? '')
  if (submission.status === 'spam') return json<LessonRequestActionData>({ confirmation: NOTICES.requestReceived })
  if (submission.status === 'invalid') return json<LessonRequestActionData>(submission.reply, { status: 400 })
  const lesson = submission.value
  // Only a slot the tutor still has free, checked against the timetable now.
  const slot = freeSlotsThisWeek(tutor, new Date()).find((free) => free.start.toISOString() === lesson.slot)
  if (!slot) return json<LessonRequestActionData>({ fieldErrors: { slot: SLOT_TAKEN }, values: submission.values }, { status: 400 })
  try {
    await saveLessonRequest({ tutorId: tutor.id, slotStart: slot.start.toISOString(), name: lesson.name, email: lesson.email, message: lesson.message })
  } catch (error) {
    console.error('lesson request: could not store it', error)
    return json<LessonRequestActionData>({ formError: ERRORS.formFailed, values: submission.values }, { status: 500 })
  }
  return json<LessonRequestActionData>({ confirmation: NOTICES.lessonRequested(lesson.name, formatSlot(slot), tutor.name) })
}
