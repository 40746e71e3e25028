// Reads an iCalendar file back with a maintained parser (ical.js), as a calendar app would: its
// method and its one event, with the times as ISO strings in UTC.
import ICAL from 'ical.js'

import type { MailMessage } from './mail-message'

export function readCalendar(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content))
  const component = calendar.getFirstSubcomponent('vevent')
  if (!component) throw new Error('the calendar file holds no event')
  const event = new ICAL.Event(component)
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: component.getFirstPropertyValue('status'),
    summary: event.summary,
  }
}

/** The event of an e-mail's calendar part, and whether it also comes as an attached .ics file. */
export function calendarOfMail(message: MailMessage) {
  const part = message.parts.find((candidate) => candidate.contentType === 'text/calendar')
  if (!part) throw new Error(`no calendar part in "${message.header('Subject')}"`)
  return { ...readCalendar(part.content), attached: message.parts.some((candidate) => candidate.filename?.endsWith('.ics') === true) }
}
