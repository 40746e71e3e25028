import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { formatSessionDay, formatSessionTime, sessionKey } from '~/classes/timetable'
import { getData } from '~/content/data.server'
import { cancelClassPlace, classPlacesFrom } from '~/db/office.server'
import { CancelPlaceSchema } from '~/forms/office'
import { readSubmission } from '~/forms/pipeline.server'
import { httpError } from '~/http/responses.server'
import { londonDateKey, londonParts } from '~/london-time'
import { OFFICE_NOTICES } from '~/messages/office'
import { requireStaff } from '~/office/office.server'

export type CancelReply = { cancelled?: string; refusal?: string }

/** The roster: every upcoming session that has places taken, with who took them. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const [places, classes] = await Promise.all([classPlacesFrom(londonDateKey(londonParts(new Date()))), getData('classes')])
  const sessions = new Map<string, { key: string; title: string; when: string; capacity: number; places: typeof places }>()
  for (const place of places) {
    const key = sessionKey({ classId: place.classId, date: place.sessionDate })
    const record = classes.find((candidate) => candidate.id === place.classId)
    const start = new Date(place.sessionStart)
    const session = sessions.get(key) ?? {
      key,
      title: record?.title ?? place.classId,
      when: record ? `${formatSessionDay(start)}, ${formatSessionTime({ start, end: new Date(start.getTime() + record.durationMinutes * 60_000) })}` : place.sessionStart,
      capacity: record?.capacity ?? 0,
      places: [],
    }
    session.places.push(place)
    sessions.set(key, session)
  }
  return json({ sessions: [...sessions.values()] })
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const submission = await readSubmission(request, CancelPlaceSchema)
  if (submission.status !== 'valid') return json<CancelReply>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  const cancelled = await cancelClassPlace(submission.value.place, staff)
  if (!cancelled) throw httpError(404, 'Not Found')
  return json<CancelReply>({ cancelled: OFFICE_NOTICES.placeCancelled(cancelled.name) })
}
