// A 'Reserve a place' post on /classes: checked like every form, then a place is taken
// (or refused) in one transaction, and the confirmation is emailed.
import { reservePlace } from '~/db/class-places.server'
import { formatSessionDay, formatSessionTime } from '~/classes/timetable'
import type { ReservationActionData } from '~/routes/classes/class-timetable'
import { HONEYPOT_FIELD } from '~/forms/fields'
import { CLASS_RESERVATION_FIELDS, ClassReservationForm, RESERVATION_REFUSALS } from '~/forms/class-reservation'
import { sendMail, siteOrigin } from '~/mail/mail.server'
import { NOTICES } from '~/messages'
import { readForm } from '~/forms/pipeline.server'
import { SITE } from '~/site'
import { findUpcomingSession } from '~/classes/timetable.server'
import { hasErrors, readFields, validate } from '~/forms/rules'

type Answer = { status: number; data: ReservationActionData }

export async function reserveClassPlace(request: Request): Promise<Answer> {
  const form = await readForm(request)
  const values = readFields(form, CLASS_RESERVATION_FIELDS)
  const fieldErrors = validate(ClassReservationForm, values)
  if (hasErrors(fieldErrors)) return { status: 400, data: { session: values.session, fieldErrors, values } }

  const found = await findUpcomingSession(values.session, new Date())
  if (!found) return { status: 409, data: { session: values.session, refusal: RESERVATION_REFUSALS.closed, values } }
  const { record, session } = found
  const when = `${formatSessionDay(session.start)}, ${formatSessionTime(session)}`
  const confirmation = NOTICES.classReserved(values.name.trim(), record.title, when)
  const paymentDue = record.kind === 'paid' ? NOTICES.classPaymentDue : undefined
  if (form.get(HONEYPOT_FIELD)) return { status: 200, data: { session: values.session, confirmation, paymentDue } }

  const outcome = reservePlace({
    classId: record.id,
    sessionDate: session.date,
    sessionStart: session.start.toISOString(),
    capacity: record.capacity,
    name: values.name,
    email: values.email,
    yearGroup: values.yearGroup,
  })
  if (outcome !== 'reserved') return { status: 409, data: { session: values.session, refusal: RESERVATION_REFUSALS[outcome], values } }

  // The place is taken either way; a mail server being down must not undo or hide it.
  await sendMail({
    to: values.email.trim(),
    subject: `Your place: ${record.title}, ${formatSessionDay(session.start)}`,
    text: [
      `Hello ${values.name.trim()},`,
      '',
      `Your place is reserved: ${record.title}`,
      `When: ${when} (London time)`,
      `Student's year group: ${values.yearGroup}`,
      '',
      "We will email the joining link the day before. If you can no longer come, reply to this email so we can offer the place to someone else.",
      ...(paymentDue ? ['', paymentDue] : []),
      '',
      `Timetable: ${siteOrigin()}/classes`,
      SITE.name,
    ].join('\n'),
  }).catch((error: unknown) => console.error('class reservation: could not send the confirmation', error))
  return { status: 200, data: { session: values.session, confirmation, paymentDue } }
}
