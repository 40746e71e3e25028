// What a tutor's profile loads and what its lesson request form does.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { HONEYPOT_FIELD } from '~/forms/fields'
import type { LessonRequestActionData } from '~/routes/tutors.$id/lesson-request-form'
import { LESSON_REQUEST_FIELDS, LessonRequestForm, SLOT_TAKEN } from '~/forms/lesson-request'
import { ERRORS, NOTICES } from '~/messages'
import { readForm } from '~/forms/pipeline.server'
import { saveLessonRequest } from '~/db/submissions.server'
import { freeSlotsThisWeek, getTutor } from '~/tutors/catalogue.server'
import { formatSlot } from '~/tutors/slots'
import { hasErrors, readFields, validate } from '~/forms/rules'

export async function loader({ params }: LoaderFunctionArgs) {
  const tutor = await getTutor(params.id ?? '')
  const slots = freeSlotsThisWeek(tutor, new Date()).map((slot) => ({ iso: slot.start.toISOString(), label: formatSlot(slot) }))
  return json({ tutor, slots })
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The form first, so its body is read (or refused) whatever the tutor id.
  const form = await readForm(request)
  const tutor = await getTutor(params.id ?? '')
  const values = readFields(form, LESSON_REQUEST_FIELDS)
  const fieldErrors = validate(LessonRequestForm, values)
  // Only a slot the tutor still has free, checked against the timetable now.
  const slot = freeSlotsThisWeek(tutor, new Date()).find((free) => free.start.toISOString() === values.slot)
  if (!fieldErrors.slot && !slot) fieldErrors.slot = SLOT_TAKEN
  if (hasErrors(fieldErrors) || !slot) return json<LessonRequestActionData>({ fieldErrors, values }, { status: 400 })
  const confirmation = NOTICES.lessonRequested(values.name.trim(), formatSlot(slot), tutor.name)
  if (form.get(HONEYPOT_FIELD)) return json<LessonRequestActionData>({ confirmation })
  try {
    saveLessonRequest({ tutorId: tutor.id, slotStart: slot.start.toISOString(), name: values.name, email: values.email, message: values.message })
  } catch (error) {
    console.error('lesson request: could not store it', error)
    return json<LessonRequestActionData>({ formError: ERRORS.formFailed, values }, { status: 500 })
  }
  return json<LessonRequestActionData>({ confirmation })
}
