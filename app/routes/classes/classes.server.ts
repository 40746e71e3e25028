// What /classes loads and what its form does: the filtered timetable, and a reserved place.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getSessionUser } from '~/accounts/session.server'
import { reserveClassPlace } from '~/classes/places.server'
import { classQueryString, logInToReserve, parseClassFilters } from '~/classes/timetable'
import { getClassSubjects, getTimetable } from '~/classes/timetable.server'
import { getPage } from '~/content/pages.server'
import { ClassReservationSchema, RESERVATION_REFUSALS } from '~/forms/class-reservation'
import { isOverClientLimit } from '~/forms/client-limits.server'
import { readSubmission, type FormReply } from '~/forms/pipeline.server'
import { sharedPage } from '~/http/cache-control.server'
import { redirect } from '~/http/responses.server'
import { FAMILY_ACCOUNTS_BOOK } from '~/messages/booking'
import { NOTICES } from '~/messages/notices'

/** The answer to 'Reserve a place', shown on the card of the session it names. */
export type ReservationActionData = Partial<FormReply<typeof ClassReservationSchema>> & {
  session: string
  confirmation?: string
  paymentDue?: string
  refusal?: string
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const subjects = await getClassSubjects()
  const filters = parseClassFilters(params, subjects.map((subject) => subject.value))
  // A filter form sent without JavaScript carries its empty fields too; answer with the clean URL.
  if ([...params.values()].some((value) => value === '')) throw redirect(`/classes${classQueryString(filters)}`)
  const [page, sessions] = await Promise.all([getPage('classes'), getTimetable(filters, new Date())])
  const chosen = sessions.find((session) => session.key === params.get('session'))?.key ?? null
  const query = new URLSearchParams(classQueryString(filters))
  if (chosen) query.set('session', chosen)
  return json({ page, filters, subjects, sessions, chosen }, sharedPage(request, query.size > 0 ? `?${query}` : ''))
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, ClassReservationSchema)
  const session = String(submission.values.session ?? '').slice(0, 120)
  if (submission.status === 'spam') return json<ReservationActionData>({ session, confirmation: NOTICES.requestReceived })
  // A place is an account's, at the address its link proved: nothing typed here is trusted as anyone's (decision 022).
  const user = await getSessionUser(request)
  if (!user) throw redirect(logInToReserve(session))
  if (user.role !== 'family') return json<ReservationActionData>({ session, refusal: FAMILY_ACCOUNTS_BOOK, values: submission.values }, { status: 403 })
  if (submission.status === 'invalid') return json<ReservationActionData>({ session, ...submission.reply }, { status: 400 })
  if (!user.emailConfirmed) return json<ReservationActionData>({ session, refusal: RESERVATION_REFUSALS.unconfirmed, values: submission.values }, { status: 403 })
  if (await isOverClientLimit(request, 'stored post')) return json<ReservationActionData>({ session, refusal: NOTICES.tooManyRequests, values: submission.values }, { status: 429 })
  const outcome = await reserveClassPlace(submission.value, { id: user.id, email: user.email }, new Date())
  if (!outcome.reserved) return json<ReservationActionData>({ session, refusal: outcome.refusal, values: submission.values }, { status: 409 })
  return json<ReservationActionData>({ session, confirmation: outcome.confirmation, paymentDue: outcome.paymentDue })
}
