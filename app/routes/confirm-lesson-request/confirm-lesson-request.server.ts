// What /confirm-lesson-request loads and what its button does: the link e-mailed to the address a
// lesson request named, checked, and the request sent on to its tutor and the office. A GET only
// shows the request (mail scanners open links); the POST sends it.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { hashToken } from '~/accounts/tokens.server'
import { getPage } from '~/content/pages.server'
import { findUnprovenLessonRequest, proveLessonRequest } from '~/db/lessons.server'
import { AddressConfirmationSchema } from '~/forms/address-confirmation'
import { readSubmission } from '~/forms/pipeline.server'
import { officeLessonRequestNotices } from '~/lessons/requests.server'
import { wakeMailSender } from '~/mail/mail.server'
import { ERRORS } from '~/messages'
import { NOTICES } from '~/messages/notices'
import { freeSlotsThisWeek, getCatalogue } from '~/tutors/catalogue.server'
import { formatLessonTime, formatSlot } from '~/tutors/slots'

export type LessonRequestProofActionData = { sent?: string; linkInvalid?: boolean; slotGone?: { tutorId: string; tutorName: string }; formError?: string }

/** The waiting request of a link, with its tutor as the catalogue has them now; null for a spent or unknown link, or a tutor no longer listed. */
async function waitingRequest(token: string, now: Date) {
  const request = token === '' ? null : await findUnprovenLessonRequest(hashToken(token))
  const tutor = request && (await getCatalogue(now)).find((candidate) => candidate.id === request.tutorId)
  return request && tutor ? { ...request, tutor } : null
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const waiting = await waitingRequest(token, new Date())
  // Private, as every page is unless its route says otherwise: it carries a live token and a visitor's request.
  return json({
    page: await getPage('confirm-lesson-request'),
    token,
    request: waiting && { name: waiting.name, tutorName: waiting.tutor.name, when: formatLessonTime(waiting.slotStart) },
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, AddressConfirmationSchema)
  if (submission.status !== 'valid') return json<LessonRequestProofActionData>({ linkInvalid: true }, { status: 400 })
  const { token } = submission.value
  const now = new Date()
  try {
    const waiting = await waitingRequest(token, now)
    if (!waiting) return json<LessonRequestProofActionData>({ linkInvalid: true }, { status: 400 })
    // Only a time the tutor still has free, as when the request was sent.
    const { tutor } = waiting
    const slot = freeSlotsThisWeek(tutor, now).find((free) => free.start.toISOString() === waiting.slotStart)
    if (!slot) return json<LessonRequestProofActionData>({ slotGone: { tutorId: tutor.id, tutorName: tutor.name } }, { status: 409 })
    const when = formatLessonTime(waiting.slotStart)
    const officeNotice = await officeLessonRequestNotices(tutor, when)
    const id = await proveLessonRequest(hashToken(token), (id) => [officeNotice({ id, ...waiting })])
    if (id === null) return json<LessonRequestProofActionData>({ linkInvalid: true }, { status: 400 })
    wakeMailSender()
    return json<LessonRequestProofActionData>({ sent: NOTICES.lessonRequested(waiting.name, formatSlot(slot), tutor.name) })
  } catch (error) {
    console.error('confirm-lesson-request: could not send the request', error)
    return json<LessonRequestProofActionData>({ formError: ERRORS.formFailed }, { status: 500 })
  }
}
