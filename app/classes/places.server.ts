// A place in a timetabled class: taken (or refused) in one transaction, then confirmed by e-mail.
import { formatSessionDay, formatSessionTime, sessionKey } from '~/classes/timetable'
import { findUpcomingSession } from '~/classes/timetable.server'
import { getData } from '~/content/data.server'
import { placesOfFamily, reservePlace } from '~/db/class-places.server'
import { londonDateKey, londonParts } from '~/london-time'
import { RESERVATION_REFUSALS } from '~/forms/class-reservation'
import { classPlaceEmail, officeClassPlaceEmail } from '~/mail/emails.server'
import { officeNotice, visitorMail, wakeMailSender } from '~/mail/mail.server'
import { NOTICES } from '~/messages/notices'

export type PlaceRequest = { session: string; name: string; yearGroup: string }

/** Who takes the place: a signed-in account whose address its link proved. */
export type PlaceHolder = { id: number; email: string }

export type PlaceOutcome = { reserved: true; confirmation: string; paymentDue?: string } | { reserved: false; refusal: string }

export async function reserveClassPlace(request: PlaceRequest, holder: PlaceHolder, now: Date): Promise<PlaceOutcome> {
  const found = await findUpcomingSession(request.session, now)
  if (!found) return { reserved: false, refusal: RESERVATION_REFUSALS.closed }
  const { record, session } = found
  const day = formatSessionDay(session.start)
  const when = `${day}, ${formatSessionTime(session)}`
  const paymentDue = record.kind === 'paid' ? NOTICES.classPaymentDue : undefined
  const onTheDay = session.date === londonDateKey(londonParts(now))
  // The office's notice, and the family's (within its address's hourly limit), come with the place.
  const familyMail = visitorMail(
    { to: holder.email, ...classPlaceEmail({ name: request.name, title: record.title, day, when, yearGroup: request.yearGroup, paymentDue, onTheDay }) },
    'acknowledgement',
    'a class place confirmation',
  )
  const mails = [officeNotice(officeClassPlaceEmail({ name: request.name, email: holder.email, title: record.title, when, yearGroup: request.yearGroup }), 'the office notice of a class place'), familyMail]
  const { outcome, queued } = await reservePlace(
    {
      classId: record.id,
      sessionDate: session.date,
      sessionStart: session.start.toISOString(),
      capacity: record.capacity,
      name: request.name,
      email: holder.email,
      yearGroup: request.yearGroup,
      userId: holder.id,
    },
    mails,
  )
  if (outcome !== 'reserved') return { reserved: false, refusal: RESERVATION_REFUSALS[outcome] }

  wakeMailSender()
  return { reserved: true, confirmation: NOTICES.classReserved(request.name, record.title, when, queued.includes(familyMail)), paymentDue }
}

/** A family's class places still to come, as the dashboard lists them. Only for a proven address. */
export async function upcomingPlacesOfFamily(family: { id: number; email: string }, now: Date) {
  const [places, classes] = await Promise.all([placesOfFamily(family.id, family.email, londonDateKey(londonParts(now))), getData('classes')])
  return places.flatMap((place) => {
    const record = classes.find((candidate) => candidate.id === place.classId)
    const start = new Date(place.start)
    if (!record || start.getTime() <= now.getTime()) return []
    const end = new Date(start.getTime() + record.durationMinutes * 60_000)
    return [{ key: sessionKey(place), title: record.title, when: `${formatSessionDay(start)}, ${formatSessionTime({ start, end })}`, yearGroup: place.yearGroup }]
  })
}
