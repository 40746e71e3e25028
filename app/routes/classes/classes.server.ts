// What /classes loads and what its form does: the filtered timetable, and a reserved place.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import type { ReservationActionData } from '~/routes/classes/class-timetable'
import { classQueryString, parseClassFilters } from '~/classes/timetable'
import { getPage } from '~/content/pages.server'
import { reserveClassPlace } from '~/classes/reservation.server'
import { getClassSubjects, getTimetable } from '~/classes/timetable.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const subjects = await getClassSubjects()
  const filters = parseClassFilters(params, subjects.map((subject) => subject.value))
  // A filter form sent without JavaScript carries its empty fields too; answer with the clean URL.
  if ([...params.values()].some((value) => value === '')) throw redirect(`/classes${classQueryString(filters)}`)
  const [page, sessions] = await Promise.all([getPage('classes'), getTimetable(filters, new Date())])
  const chosen = sessions.find((session) => session.key === params.get('session'))?.key ?? null
  return json({ page, filters, subjects, sessions, chosen })
}

export async function action({ request }: ActionFunctionArgs) {
  const { status, data } = await reserveClassPlace(request)
  return json<ReservationActionData>(data, { status })
}
