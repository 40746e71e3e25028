// Cancelling a lesson under the policy (spec §4, §9): a family withdraws a request, or cancels a
// confirmed lesson (in time: the slot is offered again and the office arranges the refund or
// credit; late: it counts as attended and the slot stays taken); a tutor cancels a confirmed
// lesson (the family chooses a refund or rebooking). The verdict is taken again under the slot's
// lock at the moment of cancelling, and must be the one the canceller was shown.
import { DELETED_FAMILY, type LessonsOnDeletion } from '~/db/account-records.server'
import { normaliseEmail, tutorAccountEmail, tutorAccountEmails } from '~/db/accounts.server'
import { cancelLessonRequest, getLessonRequest, isFamilyOf, type LessonRequest } from '~/db/lessons.server'
import type { OutgoingMail } from '~/db/mail-queue.server'
import { lessonCalendarPart } from '~/lessons/calendar.server'
import { factsOfLessons } from '~/lessons/decisions.server'
import { cancellationAt, isCancellationInTime } from '~/lessons/lesson-times'
import type { Cancellation } from '~/forms/office'
import { lessonCancelledByDeletionEmail, lessonCancelledEmail, type LessonFacts } from '~/mail/emails.server'
import { officeAddress, teamNotice, wakeMailSender } from '~/mail/mail.server'
import { forgetCatalogueChanges, getCatalogue } from '~/tutors/catalogue.server'
import { formatLessonTime } from '~/tutors/slots'

/** Who cancels: a family, by its account and proven address, or a tutor, by their catalogue profile. */
export type Canceller = { role: 'family'; userId: number; name: string; email: string } | { role: 'tutor'; userId: number; name: string; tutorId: string }

export type CancellationRefusal = 'not-yours' | 'not-cancellable' | 'terms-changed'

/** How the policy treats this canceller cancelling this request at `now`, or why they may not. */
export function cancellationOf(request: LessonRequest, canceller: Canceller, now: Date): Cancellation | Exclude<CancellationRefusal, 'terms-changed'> {
  const mine = canceller.role === 'family' ? isFamilyOf(request, canceller) : request.tutorId === canceller.tutorId
  if (!mine) return 'not-yours'
  const ahead = Date.parse(request.slotStart) > now.getTime()
  if (!ahead) return 'not-cancellable'
  if (canceller.role === 'tutor') return request.status === 'confirmed' ? 'tutor' : 'not-cancellable'
  if (request.status === 'requested') return 'family-request'
  if (request.status === 'confirmed') return isCancellationInTime(request.slotStart, now) ? 'family-in-time' : 'family-late'
  return 'not-cancellable'
}

const HISTORY_ACTIONS: Record<Cancellation, string> = {
  'family-in-time': 'cancelled by the family (refund or credit)',
  'family-late': 'cancelled late by the family (counts as attended)',
  'family-request': 'request withdrawn by the family',
  tutor: 'cancelled by the tutor (refund or rebooking)',
}

function cancellationMails(lesson: LessonFacts & { slotStart: string }, cancellation: Cancellation, to: { family: string; tutor: string | null }, now: Date, byOffice: boolean): OutgoingMail[] {
  const mail = (reader: 'family' | 'tutor' | 'office', address: string): OutgoingMail => {
    const message = {
      to: address,
      ...lessonCancelledEmail(lesson, cancellation, reader, now),
      // A lesson that was in the reader's calendar (the confirmation put it in the family's and the
      // tutor's), and is no longer taking place, is cancelled there too.
      ...(reader !== 'office' && cancellation !== 'family-request' ? { icalEvent: lessonCalendarPart(lesson, reader, now, { cancelled: true }) } : {}),
    }
    const what = `the ${reader} notice of a cancelled lesson`
    // A request its family withdrew before anyone answered it is a visitor's post, as the request
    // was: its notices to the team count against the same ceiling. What the office records does not.
    return cancellation === 'family-request' && !byOffice ? teamNotice(message, what) : { message, what }
  }
  return [
    // The family who cancelled a request they only asked for has nothing to be told. A tutor who
    // cancelled is, as every reader of a confirmed lesson is: it leaves their calendar by this e-mail.
    ...(cancellation === 'family-request' ? [] : [mail('family', to.family)]),
    ...(to.tutor ? [mail('tutor', to.tutor)] : []),
    mail('office', officeAddress()),
  ]
}

/** What cancelling would mean now, for the confirmation step; null when the request is not there. */
export async function askCancellation(id: number, canceller: Canceller, now: Date) {
  const request = await getLessonRequest(id)
  if (!request) return null
  const factsOf = await factsOfLessons(now, [request])
  return { lesson: factsOf(request), verdict: cancellationOf(request, canceller, now) }
}

/**
 * Cancels request `id` under the slot's lock as `judge` rules on it then: records it (by `by`,
 * the history saying `recorded` when the office does it for someone), queues the e-mails and, when
 * the slot is free again, lets the profile and the search offer it.
 */
async function cancelAs<Refusal extends CancellationRefusal>(
  id: number,
  by: { userId: number; name: string },
  judge: (request: LessonRequest) => { terms: Cancellation } | { refused: Refusal },
  now: Date,
  recorded = '',
) {
  // Only the office records a cancellation for someone else, and says so in the history.
  const byOffice = recorded !== ''
  const asked = await getLessonRequest(id)
  const factsOf = await factsOfLessons(now, asked ? [asked] : [])
  const tutorEmail = asked ? await tutorAccountEmail(asked.tutorId) : null
  const outcome = await cancelLessonRequest<Refusal>(
    id,
    by,
    (request) => {
      const judged = judge(request)
      if ('refused' in judged) return judged
      const { terms } = judged
      return {
        status: terms === 'family-late' ? 'late-cancelled' : 'cancelled',
        action: `${HISTORY_ACTIONS[terms]}${recorded}`,
        mails: cancellationMails(factsOf(request), terms, { family: request.email, tutor: tutorEmail }, now, byOffice),
      }
    },
    now,
  )
  if (outcome.done) {
    if (outcome.request.status === 'cancelled') forgetCatalogueChanges()
    wakeMailSender()
  }
  return outcome
}

/** Cancels as the policy says at `now`, if that is `shown` (what the canceller confirmed). */
export function cancelLesson(id: number, canceller: Canceller, shown: Cancellation, now = new Date()) {
  return cancelAs<CancellationRefusal>(
    id,
    canceller,
    (request) => {
      const cancellation = cancellationOf(request, canceller, now)
      if (cancellation === 'not-yours' || cancellation === 'not-cancellable') return { refused: cancellation }
      return cancellation === shown ? { terms: cancellation } : { refused: 'terms-changed' }
    },
    now,
  )
}

/**
 * What the office may record of a request at `now`: a request not yet confirmed can only be
 * withdrawn by the family, before its time; a confirmed lesson cancelled by the family (in time or
 * late) or by the tutor, even once its time has come: the policy goes by when a cancellation reached
 * us, and one sent while the office was shut (a Sunday lesson, a Saturday evening e-mail) is
 * recorded when it opens; a tutor who did not come is recorded after the lesson's time.
 */
export function recordableCancellations(request: Pick<LessonRequest, 'status' | 'slotStart'>, now: Date): Cancellation[] {
  if (request.status === 'requested') return Date.parse(request.slotStart) > now.getTime() ? ['family-request'] : []
  if (request.status === 'confirmed') return ['family-in-time', 'family-late', 'tutor']
  return []
}

/**
 * Records a cancellation that reached the office by e-mail or through the contact form, as the
 * office judges it: the policy goes by when it reached us, which may be before it is recorded.
 */
export function recordCancellation(id: number, staff: { userId: number; name: string }, terms: Cancellation, now = new Date()) {
  return cancelAs<'not-cancellable'>(
    id,
    staff,
    (request) => (recordableCancellations(request, now).includes(terms) ? { terms } : { refused: 'not-cancellable' }),
    now,
    ', recorded by the office',
  )
}

/**
 * What a family's account deletion does to its upcoming lessons, as of `now`: each is cancelled
 * under the policy (late within the window), and the office and its tutor (when they have an
 * account) are told, the tutor with the lesson's calendar event, cancelled. A lesson the account
 * asked for someone else, at their address, tells them too, with their event. Looked up before
 * the deletion, whose transaction queues the notices.
 */
export async function lessonsOnDeletion(now: Date): Promise<LessonsOnDeletion> {
  const [catalogue, tutorEmails] = await Promise.all([getCatalogue(now), tutorAccountEmails()])
  const noticesOf = (lessons: LessonRequest[], accountEmail: string): OutgoingMail[] =>
    lessons.flatMap((lesson) => {
      const tutorName = catalogue.find((tutor) => tutor.id === lesson.tutorId)?.name ?? lesson.tutorId
      const when = formatLessonTime(lesson.slotStart)
      const tutorEmail = tutorEmails.get(lesson.tutorId)
      // The same event as the confirmation's, no longer naming a family whose account is gone.
      // The address it was asked for sees it on no dashboard: the account that booked it is gone.
      const calendar = { id: lesson.id, slotStart: lesson.slotStart, tutorName, familyName: DELETED_FAMILY, onAddressDashboard: false }
      const forSomeoneElse = normaliseEmail(lesson.email) !== normaliseEmail(accountEmail)
      return [
        { message: { to: officeAddress(), ...lessonCancelledByDeletionEmail(tutorName, when, lesson, 'office') }, what: 'the office notice of a cancelled lesson' },
        ...(forSomeoneElse
          ? [
              {
                message: { to: lesson.email, ...lessonCancelledByDeletionEmail(tutorName, when, lesson, 'learner'), icalEvent: lessonCalendarPart({ ...calendar, familyName: lesson.name }, 'family', now, { cancelled: true }) },
                what: 'the notice of a cancelled lesson to the address it was asked for',
              },
            ]
          : []),
        ...(tutorEmail
          ? [
              {
                message: { to: tutorEmail, ...lessonCancelledByDeletionEmail(tutorName, when, lesson, 'tutor'), icalEvent: lessonCalendarPart(calendar, 'tutor', now, { cancelled: true }) },
                what: 'the tutor notice of a cancelled lesson',
              },
            ]
          : []),
      ]
    })
  return { cancellationOf: cancellationAt(now), noticesOf }
}
