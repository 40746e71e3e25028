// What /dashboard loads and what its forms do. Every account sees its details; a family, once its
// address is proven, its lesson requests and their status and its class places (until then, a
// notice and a button that sends the link again); a tutor the requests for them to confirm or
// decline, their lessons and their weekly availability, which they edit; staff the way to the
// office. A family cancels its requests and lessons, a tutor their lessons, in two steps: what the
// policy means now, then the cancellation (lessons/cancellations.server.ts).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { sendConfirmationLink, type User } from '~/accounts/accounts.server'
import { requireRole, requireUser } from '~/accounts/session.server'
import { upcomingPlacesOfFamily } from '~/classes/places.server'
import { getPage } from '~/content/pages.server'
import { normaliseEmail } from '~/db/accounts.server'
import { lessonRequestsOfFamily, lessonsOfTutor, type LessonRequest } from '~/db/lessons.server'
import { ROLES } from '~/db/schema'
import { setShowsOnline } from '~/db/tutor-presence.server'
import { setSchedule, type Availability } from '~/db/tutor-schedules.server'
import { AvailabilitySchema, intentOf, LessonCancellationSchema, LessonDecisionSchema, ShowOnlineSchema, type Cancellation } from '~/forms/office'
import { isOverClientLimit } from '~/forms/client-limits.server'
import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'
import { httpError } from '~/http/responses.server'
import { askCancellation, cancelLesson, cancellationOf, type Canceller } from '~/lessons/cancellations.server'
import { answerLessonRequest } from '~/lessons/decisions.server'
import { lessonEnd, lessonStage } from '~/lessons/lesson-times'
import { WEEKDAYS } from '~/london-time'
import { NOTICES } from '~/messages/notices'
import { CANCELLATION_NOTICES } from '~/messages/cancellation'
import { DECISION_REFUSALS, OFFICE_NOTICES } from '~/messages/office'
import { forgetCatalogueChanges, getCatalogue } from '~/tutors/catalogue.server'
import { formatLessonTime } from '~/tutors/slots'

const MEMBER_SINCE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })

export type DashboardActionData = {
  notice?: string
  refusal?: string
  fieldErrors?: { slots?: string }
  /** A cancellation waiting for its confirmation: the policy's verdict now, in words. */
  cancelling?: { id: number; terms: Cancellation; question: string }
}

// A tutor's dashboard keeps the lessons of the last two weeks, taught or cancelled, under the ones ahead.
const TUTOR_PAST_LESSONS_MS = 14 * 24 * 60 * 60_000

/** A lesson as a dashboard lists it: what it is now, whether this account may cancel it, and its calendar file while it is ahead. */
function lessonState(request: LessonRequest, canceller: Canceller | null, now: Date) {
  const stage = lessonStage(request, now)
  const verdict = canceller ? cancellationOf(request, canceller, now) : 'not-yours'
  const ended = lessonEnd(request.slotStart).getTime() <= now.getTime()
  return { stage, ended, cancellable: verdict !== 'not-yours' && verdict !== 'not-cancellable', calendar: stage === 'confirmed' ? `/dashboard/lessons/${request.id}.ics` : null }
}

async function tutorView(user: User, tutorId: string, now: Date) {
  const tutor = (await getCatalogue(now)).find((candidate) => candidate.id === tutorId)
  if (!tutor) return null
  const { requested, lessons } = await lessonsOfTutor(tutorId, now, new Date(now.getTime() - TUTOR_PAST_LESSONS_MS))
  const canceller = cancellerOf(user)
  const describe = (lesson: LessonRequest) => ({
    id: lesson.id,
    name: lesson.name,
    email: lesson.email,
    message: lesson.message,
    when: formatLessonTime(lesson.slotStart),
    learner: lesson.learner,
    ...lessonState(lesson, canceller, now),
  })
  const described = lessons.map(describe)
  return {
    id: tutor.id,
    name: tutor.name,
    requested: requested.map(describe),
    // The lessons ahead soonest first, then the past ones latest first.
    lessons: [...described.filter((lesson) => !lesson.ended), ...described.filter((lesson) => lesson.ended).reverse()],
    weeklySlots: tutor.availability.flatMap((entry) => entry.times.map((time) => `${entry.day} ${time}`)),
  }
}

// Notices other pages send here; only these keys are shown, never text from the URL.
const DASHBOARD_NOTICES = { 'address-confirmed': NOTICES.addressConfirmed } as const

// Until the address is proven, nothing recorded under it is shown: whoever signs up first with an
// address is not yet its owner.
async function familyView(user: User, now: Date) {
  if (user.role !== 'family' || !user.emailConfirmed) return null
  const [catalogue, requests, places] = await Promise.all([getCatalogue(now), lessonRequestsOfFamily(user.id, user.email), upcomingPlacesOfFamily(user, now)])
  const tutorName = (id: string) => catalogue.find((tutor) => tutor.id === id)?.name ?? id
  const canceller = familyCanceller(user)
  return {
    requests: requests.map((lesson) => ({ id: lesson.id, tutorName: tutorName(lesson.tutorId), when: formatLessonTime(lesson.slotStart), ...lessonState(lesson, canceller, now) })),
    places,
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const now = new Date()
  const noticeKey = new URL(request.url).searchParams.get('notice') ?? ''
  return json({
    page: await getPage('dashboard'),
    user: { name: user.name, email: user.email, role: user.role, emailConfirmed: user.emailConfirmed, memberSince: MEMBER_SINCE.format(new Date(user.createdAt)) },
    notice: Object.hasOwn(DASHBOARD_NOTICES, noticeKey) ? DASHBOARD_NOTICES[noticeKey as keyof typeof DASHBOARD_NOTICES] : null,
    family: await familyView(user, now),
    tutor: user.role === 'tutor' && user.tutorId ? await tutorView(user, user.tutorId, now) : null,
    tutorShowsOnline: user.role === 'tutor' ? user.showsOnline : null,
  })
}

/** A family cancels by its account once the address is proven, as its dashboard shows its requests only then. */
function familyCanceller(user: User): Canceller | null {
  return user.role === 'family' && user.emailConfirmed ? { role: 'family', userId: user.id, name: user.name, email: user.email } : null
}

function cancellerOf(user: User): Canceller | null {
  if (user.role === 'tutor') return user.tutorId ? { role: 'tutor', userId: user.id, name: user.name, tutorId: user.tutorId } : null
  return familyCanceller(user)
}

/** A cancellation's first step: what it would mean under the policy now, for the account to confirm. */
async function askToCancel(canceller: Canceller, id: number, now: Date, refusal?: string) {
  const asked = await askCancellation(id, canceller, now)
  // Another family's or tutor's lesson, or none, is not this account's to see.
  if (!asked || asked.verdict === 'not-yours') throw httpError(404, 'Not Found')
  if (asked.verdict === 'not-cancellable') return json<DashboardActionData>({ refusal: CANCELLATION_NOTICES.notCancellable }, { status: 409 })
  const other = canceller.role === 'family' ? asked.lesson.tutorName : asked.lesson.familyName
  return json<DashboardActionData>(
    { cancelling: { id, terms: asked.verdict, question: CANCELLATION_NOTICES.ask[asked.verdict](other, asked.lesson.when) }, refusal },
    { status: refusal ? 409 : 200 },
  )
}

async function cancel(request: Request, user: User, confirmed: boolean) {
  const canceller = cancellerOf(user)
  if (!canceller) throw httpError(403, 'Forbidden')
  if (!confirmed) {
    const submission = await readSubmission(request, LessonDecisionSchema)
    if (submission.status !== 'valid') return json<DashboardActionData>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
    return askToCancel(canceller, submission.value.request, new Date())
  }
  const submission = await readSubmission(request, LessonCancellationSchema)
  if (submission.status !== 'valid') return json<DashboardActionData>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  const { request: id, terms } = submission.value
  // The policy's moment is when the whole post is in: a client could start a request before the
  // 24-hour mark and send its body after it.
  const now = new Date()
  const outcome = await cancelLesson(id, canceller, terms, now)
  if (outcome.done) {
    const bookedFor = outcome.request.email
    const mailedTo = canceller.role === 'family' && normaliseEmail(bookedFor) !== normaliseEmail(user.email) ? bookedFor : null
    return json<DashboardActionData>({ notice: CANCELLATION_NOTICES.done[terms](mailedTo) })
  }
  if (outcome.reason === 'not-found' || outcome.reason === 'not-yours') throw httpError(404, 'Not Found')
  if (outcome.reason === 'terms-changed') return askToCancel(canceller, id, now, CANCELLATION_NOTICES.termsChanged)
  return json<DashboardActionData>({ refusal: CANCELLATION_NOTICES.notCancellable }, { status: 409 })
}

/** Sends the account's address a new confirmation link: limited per client, and by the address's hourly e-mails. */
async function resendConfirmation(request: Request) {
  const user = await requireRole(request, ROLES)
  await readSubmission(request, NoFieldsSchema)
  if (user.emailConfirmed) return json<DashboardActionData>({ notice: NOTICES.addressConfirmed })
  if (await isOverClientLimit(request, 'confirmation link')) return json<DashboardActionData>({ refusal: NOTICES.tooManyRequests }, { status: 429 })
  if (!(await sendConfirmationLink(user))) return json<DashboardActionData>({ refusal: NOTICES.confirmationNotSent }, { status: 429 })
  return json<DashboardActionData>({ notice: NOTICES.confirmationSent(user.email) })
}

function toAvailability(slots: readonly string[]): Availability {
  return WEEKDAYS.map((day) => ({ day, times: slots.filter((slot) => slot.startsWith(`${day} `)).map((slot) => slot.slice(4)).sort() })).filter((entry) => entry.times.length > 0)
}

export async function action({ request }: ActionFunctionArgs) {
  const intent = intentOf(request)
  if (intent === 'resend-confirmation') return resendConfirmation(request)
  if (intent === 'cancel' || intent === 'cancel-confirmed') return cancel(request, await requireRole(request, ['family', 'tutor']), intent === 'cancel-confirmed')
  // The other forms are a tutor's; anyone else is refused before anything is read.
  const user = await requireRole(request, ['tutor'])
  if (!user.tutorId) throw httpError(403, 'Forbidden')
  if (intent === 'availability') {
    const submission = await readSubmission(request, AvailabilitySchema)
    if (submission.status !== 'valid') {
      return json<DashboardActionData>({ fieldErrors: { slots: submission.status === 'invalid' ? submission.reply.fieldErrors.slots : undefined } }, { status: 400 })
    }
    // Its account deleted meanwhile (in another tab, or by the office): no one's to save.
    if (!(await setSchedule(user.id, user.tutorId, toAvailability(submission.value.slots)))) throw httpError(404, 'Not Found')
    forgetCatalogueChanges()
    return json<DashboardActionData>({ notice: OFFICE_NOTICES.availabilitySaved })
  }
  if (intent === 'online') {
    const submission = await readSubmission(request, ShowOnlineSchema)
    if (submission.status !== 'valid') return json<DashboardActionData>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
    await setShowsOnline(user.id, submission.value.showOnline, new Date())
    forgetCatalogueChanges()
    return json<DashboardActionData>({ notice: submission.value.showOnline ? OFFICE_NOTICES.showsOnline : OFFICE_NOTICES.hidesOnline })
  }
  const submission = await readSubmission(request, LessonDecisionSchema)
  if (submission.status !== 'valid' || (intent !== 'confirm' && intent !== 'decline')) {
    return json<DashboardActionData>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  }
  const outcome = await answerLessonRequest(submission.value.request, intent === 'confirm' ? 'confirmed' : 'declined', { userId: user.id, name: user.name, tutorId: user.tutorId })
  if (!outcome.done) {
    // Another tutor's request, or one that does not exist, is not this tutor's to see.
    if (outcome.reason === 'not-yours' || outcome.reason === 'not-found') throw httpError(404, 'Not Found')
    return json<DashboardActionData>({ refusal: DECISION_REFUSALS[outcome.reason] }, { status: 409 })
  }
  return json<DashboardActionData>({ notice: intent === 'confirm' ? OFFICE_NOTICES.lessonConfirmed : OFFICE_NOTICES.lessonDeclined })
}
