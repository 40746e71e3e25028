// A lesson as an iCalendar file (RFC 5545), for the confirmation e-mails and the dashboard: one
// event whose UID stays the lesson's, so a calendar that has it updates it (cancelled) rather than
// adding a second. Times are UTC, which every calendar shows in its own zone without a VTIMEZONE.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

import { dashboardShows } from '~/mail/emails.server'
import { siteOrigin } from '~/mail/mail.server'
import { lessonEnd } from '~/lessons/lesson-times'
import { SITE } from '~/site'

/** `onAddressDashboard`: whether the family's dashboard shows it (not when another account booked it for their address). */
export type CalendarLesson = { id: number; slotStart: string; tutorName: string; familyName: string; onAddressDashboard: boolean }

/** What the reader calls the lesson: the family by its tutor, the tutor by its family. */
export type CalendarReader = 'family' | 'tutor'

function summaryFor(lesson: CalendarLesson, reader: CalendarReader) {
  return reader === 'family' ? `Lesson with ${lesson.tutorName} (${SITE.name})` : `${SITE.name} lesson: ${lesson.familyName}`
}

/** The lesson's event; `cancelled` makes the same event cancelled, one revision later. */
export function lessonCalendar(lesson: CalendarLesson, reader: CalendarReader, now: Date, { cancelled = false } = {}) {
  const origin = siteOrigin()
  const calendar = ical({ prodId: { company: SITE.name, product: 'Lessons', language: 'EN' }, method: ICalCalendarMethod.PUBLISH })
  calendar.createEvent({
    id: `lesson-${lesson.id}@${new URL(origin).hostname}`,
    sequence: cancelled ? 1 : 0,
    stamp: now,
    start: new Date(lesson.slotStart),
    end: lessonEnd(lesson.slotStart),
    summary: summaryFor(lesson, reader),
    ...(dashboardShows(lesson, reader) ? { description: `Your lessons: ${origin}/dashboard`, url: `${origin}/dashboard` } : {}),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  })
  // ical-generator leaves the last line without the CRLF that RFC 5545 ends every content line with.
  return `${calendar.toString()}\r\n`
}

/** The file an e-mail carries: nodemailer's calendar part, which mail clients offer to add. */
export function lessonCalendarPart(lesson: CalendarLesson, reader: CalendarReader, now: Date, options: { cancelled?: boolean } = {}) {
  return { filename: `lesson-${lesson.id}.ics`, method: 'PUBLISH', content: lessonCalendar(lesson, reader, now, options) }
}
