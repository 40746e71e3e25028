// A place in a timetabled class: taken (or refused) in one transaction, then confirmed by e-mail.
import { formatSessionDay, formatSessionTime } from '~/classes/timetable'
import { findUpcomingSession } from '~/classes/timetable.server'
import { reservePlace } from '~/db/class-places.server'
import { RESERVATION_REFUSALS } from '~/forms/class-reservation'
import { classPlaceEmail, officeClassPlaceEmail } from '~/mail/emails.server'
import { officeAddress, sendInBackground } from '~/mail/mail.server'
import { NOTICES } from '~/messages'

export type PlaceRequest = { session: string; name: string; email: string; yearGroup: string }

export type PlaceOutcome = { reserved: true; confirmation: string; paymentDue?: string } | { reserved: false; refusal: string }

export async function reserveClassPlace(request: PlaceRequest, now: Date): Promise<PlaceOutcome> {
  const found = await findUpcomingSession(request.session, now)
  if (!found) return { reserved: false, refusal: RESERVATION_REFUSALS.closed }
  const { record, session } = found
  const day = formatSessionDay(session.start)
  const when = `${day}, ${formatSessionTime(session)}`
  const outcome = await reservePlace({
    classId: record.id,
    sessionDate: session.date,
    sessionStart: session.start.toISOString(),
    capacity: record.capacity,
    name: request.name,
    email: request.email,
    yearGroup: request.yearGroup,
  })
  if (outcome !== 'reserved') return { reserved: false, refusal: RESERVATION_REFUSALS[outcome] }

  const paymentDue = record.kind === 'paid' ? NOTICES.classPaymentDue : undefined
  // The place is taken either way; a mail server being down must not undo or hide it.
  sendInBackground({ to: request.email, ...classPlaceEmail({ name: request.name, title: record.title, day, when, yearGroup: request.yearGroup, paymentDue }) }, 'a class place confirmation')
  sendInBackground({ to: officeAddress(), ...officeClassPlaceEmail({ name: request.name, email: request.email, title: record.title, when, yearGroup: request.yearGroup }) }, 'the office notice of a class place')
  return { reserved: true, confirmation: NOTICES.classReserved(request.name, record.title, when), paymentDue }
}
