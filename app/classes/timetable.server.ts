// The /classes timetable as the page shows it: each upcoming session with its class,
// tutor, price and the places left, counted from class_registrations.
import { placesTaken } from '~/db/class-places.server'
import {
  formatSessionDay,
  formatSessionTime,
  matchesClassFilters,
  sessionKey,
  upcomingSessions,
  type ClassFilters,
  type ClassRecord,
  type ClassSession,
  type TimetableSession,
} from '~/classes/timetable'
import { getData, smallGroupPlanId } from '~/content/data.server'
import { londonDateKey, londonParts } from '~/london-time'
import { formatPlanPrice } from '~/content/price'

export async function getClassSubjects() {
  const [subjects, classes] = await Promise.all([getData('subjects'), getData('classes')])
  return subjects.filter((subject) => classes.some((record) => record.subject === subject.id)).map(({ id, name }) => ({ value: id, label: name }))
}

/** The sessions of the coming two weeks that match the filters, with their places left. */
export async function getTimetable(filters: ClassFilters, now: Date): Promise<TimetableSession[]> {
  const [classes, tutors, subjects, pricing] = await Promise.all([getData('classes'), getData('tutors'), getData('subjects'), getData('pricing')])
  const taken = new Map((await placesTaken(londonDateKey(londonParts(now)))).map((session) => [sessionKey(session), session.taken]))
  const byId = new Map(classes.map((record) => [record.id, record]))
  return upcomingSessions(classes.filter((record) => matchesClassFilters(record, filters)), now).map((session) => {
    const record = byId.get(session.classId)!
    const tutor = tutors.find((candidate) => candidate.id === record.tutorId)!
    const plan = record.kind === 'paid' ? pricing.plans.find((candidate) => candidate.id === smallGroupPlanId(record.capacity)) : undefined
    return {
      key: sessionKey(session),
      title: record.title,
      summary: record.summary,
      subject: subjects.find((subject) => subject.id === record.subject)!.name,
      level: record.level,
      tutor: { id: tutor.id, name: tutor.name },
      kind: record.kind,
      capacity: record.capacity,
      placesLeft: Math.max(0, record.capacity - (taken.get(sessionKey(session)) ?? 0)),
      price: plan?.pricePerHour ? formatPlanPrice(plan) : null,
      start: session.start.toISOString(),
      end: session.end.toISOString(),
      day: formatSessionDay(session.start),
      time: formatSessionTime(session),
    }
  })
}

/** The upcoming session a reservation names, or null when it is not on the timetable (or has started). */
export async function findUpcomingSession(key: string, now: Date): Promise<{ record: ClassRecord; session: ClassSession } | null> {
  const classes = await getData('classes')
  const session = upcomingSessions(classes, now).find((candidate) => sessionKey(candidate) === key)
  const record = session && classes.find((candidate) => candidate.id === session.classId)
  return session && record ? { record, session } : null
}
