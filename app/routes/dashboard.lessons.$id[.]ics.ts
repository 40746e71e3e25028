// A lesson's calendar file, for the dashboard's "Add to calendar": the same event, with the same
// UID, as the confirmation e-mails carry, so adding both leaves one. Only the lesson's own family
// (once its address is proven), its tutor and staff may have it; anyone else gets 404.
import type { LoaderFunctionArgs } from '@remix-run/node'

import { requireUser } from '~/accounts/session.server'
import type { User } from '~/db/accounts.server'
import { getLessonRequest, isFamilyOf, type LessonRequest } from '~/db/lessons.server'
import { isWithdrawnRequest } from '~/db/schema'
import { PRIVATE_CACHE_CONTROL } from '~/http/cache-control.server'
import { httpError } from '~/http/responses.server'
import { setTransportHeaders } from '~/http/security-headers.server'
import { lessonCalendar, type CalendarReader } from '~/lessons/calendar.server'
import { factsOfLessons } from '~/lessons/decisions.server'

// Files take no posts.
export { refuseAnyPost as action } from '~/forms/pipeline.server'

function readerOf(user: User, lesson: LessonRequest): CalendarReader | null {
  if (user.role === 'staff') return 'tutor'
  if (user.role === 'tutor') return user.tutorId === lesson.tutorId ? 'tutor' : null
  return user.emailConfirmed && isFamilyOf(lesson, { userId: user.id, email: user.email }) ? 'family' : null
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null
  const lesson = id === null ? null : await getLessonRequest(id)
  const reader = lesson ? readerOf(user, lesson) : null
  // A request never confirmed (waiting, declined, or withdrawn before an answer) is in nobody's calendar.
  if (!lesson || !reader || lesson.status === 'requested' || lesson.status === 'declined' || isWithdrawnRequest(lesson)) throw httpError(404, 'Not Found')
  const now = new Date()
  const facts = (await factsOfLessons(now, [lesson]))(lesson)
  const headers = new Headers({
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="lesson-${lesson.id}.ics"`,
    'Cache-Control': PRIVATE_CACHE_CONTROL,
  })
  setTransportHeaders(headers)
  return new Response(lessonCalendar(facts, reader, now, { cancelled: lesson.status !== 'confirmed' }), { headers })
}
