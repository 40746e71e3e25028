// What /dashboard loads and what its forms do. Every account sees its details; a family its
// lesson requests and their status; a tutor the requests for them to confirm or decline, their
// confirmed lessons and their weekly availability, which they edit; staff the way to the office.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { requireRole, requireUser } from '~/accounts/session.server'
import { getPage } from '~/content/pages.server'
import { lessonRequestsOfFamily, lessonsOfTutor } from '~/db/lessons.server'
import { setSchedule, type Availability } from '~/db/tutor-schedules.server'
import { AvailabilitySchema, intentOf, LessonDecisionSchema } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import { httpError } from '~/http/responses.server'
import { answerLessonRequest } from '~/lessons/decisions.server'
import { WEEKDAYS } from '~/london-time'
import { OFFICE_NOTICES } from '~/messages'
import { forgetCatalogueChanges, getCatalogue } from '~/tutors/catalogue.server'
import { formatLessonTime } from '~/tutors/slots'

const MEMBER_SINCE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })

export type DashboardActionData = { notice?: string; refusal?: string; fieldErrors?: { slots?: string } }

async function tutorView(tutorId: string, now: Date) {
  const tutor = (await getCatalogue(now)).find((candidate) => candidate.id === tutorId)
  if (!tutor) return null
  const { requested, confirmed } = await lessonsOfTutor(tutorId, now)
  const describe = (lesson: (typeof requested)[number]) => ({ id: lesson.id, name: lesson.name, email: lesson.email, message: lesson.message, when: formatLessonTime(lesson.slotStart) })
  return {
    id: tutor.id,
    name: tutor.name,
    requested: requested.map(describe),
    confirmed: confirmed.map(describe),
    weeklySlots: tutor.availability.flatMap((entry) => entry.times.map((time) => `${entry.day} ${time}`)),
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const now = new Date()
  const catalogue = user.role === 'family' ? await getCatalogue(now) : []
  const tutorName = (id: string) => catalogue.find((tutor) => tutor.id === id)?.name ?? id
  return json({
    page: await getPage('dashboard'),
    user: { name: user.name, email: user.email, role: user.role, memberSince: MEMBER_SINCE.format(new Date(user.createdAt)) },
    requests:
      user.role === 'family'
        ? (await lessonRequestsOfFamily(user.id, user.email)).map((lesson) => ({ id: lesson.id, tutorName: tutorName(lesson.tutorId), when: formatLessonTime(lesson.slotStart), status: lesson.status }))
        : [],
    tutor: user.role === 'tutor' && user.tutorId ? await tutorView(user.tutorId, now) : null,
  })
}

function toAvailability(slots: readonly string[]): Availability {
  return WEEKDAYS.map((day) => ({ day, times: slots.filter((slot) => slot.startsWith(`${day} `)).map((slot) => slot.slice(4)).sort() })).filter((entry) => entry.times.length > 0)
}

export async function action({ request }: ActionFunctionArgs) {
  // Only a tutor's dashboard has forms; anyone else is refused before anything is read.
  const user = await requireRole(request, ['tutor'])
  if (!user.tutorId) throw httpError(403, 'Forbidden')
  const intent = intentOf(request)
  if (intent === 'availability') {
    const submission = await readSubmission(request, AvailabilitySchema)
    if (submission.status !== 'valid') {
      return json<DashboardActionData>({ fieldErrors: { slots: submission.status === 'invalid' ? submission.reply.fieldErrors.slots : undefined } }, { status: 400 })
    }
    await setSchedule(user.tutorId, toAvailability(submission.value.slots))
    forgetCatalogueChanges()
    return json<DashboardActionData>({ notice: OFFICE_NOTICES.availabilitySaved })
  }
  const submission = await readSubmission(request, LessonDecisionSchema)
  if (submission.status !== 'valid' || (intent !== 'confirm' && intent !== 'decline')) {
    return json<DashboardActionData>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  }
  const outcome = await answerLessonRequest(submission.value.request, intent === 'confirm' ? 'confirmed' : 'declined', { userId: user.id, name: user.name, tutorId: user.tutorId })
  if (!outcome.done) {
    // Another tutor's request, or one that does not exist, is not this tutor's to see.
    if (outcome.reason === 'not-yours' || outcome.reason === 'not-found') throw httpError(404, 'Not Found')
    return json<DashboardActionData>({ refusal: outcome.reason === 'slot-taken' ? OFFICE_NOTICES.slotTaken : OFFICE_NOTICES.alreadyAnswered }, { status: 409 })
  }
  return json<DashboardActionData>({ notice: intent === 'confirm' ? OFFICE_NOTICES.lessonConfirmed : OFFICE_NOTICES.lessonDeclined })
}
