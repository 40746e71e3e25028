// The timetable as search engines read it (issue 31): each session on the page is an event, free or
// paid, online, with the places still left. Built by the route's meta from the sessions the page carries anyway (content/structured-data.server.ts says why).
import type { EducationEvent } from 'schema-dts'

import type { TimetableSession } from '~/classes/timetable'
import { organizationRef } from '~/content/organization-ref'

/** One session of the timetable as a schema.org event; its page is /classes opened at that session. */
export function classEvent(siteUrl: string, session: TimetableSession): EducationEvent {
  const url = `${siteUrl}/classes?${new URLSearchParams({ session: session.key })}`
  return {
    '@type': 'EducationEvent',
    name: session.title,
    description: session.summary,
    url,
    startDate: session.start,
    endDate: session.end,
    eventStatus: 'https://schema.org/EventScheduled',
    // Open classes and small groups are live online sessions; the joining link is e-mailed.
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url },
    isAccessibleForFree: session.kind === 'free',
    educationalLevel: session.level,
    teaches: session.subject,
    maximumAttendeeCapacity: session.capacity,
    remainingAttendeeCapacity: session.placesLeft,
    organizer: organizationRef(siteUrl),
    performer: { '@type': 'Person', name: session.tutor.name, url: `${siteUrl}/tutors/${session.tutor.id}` },
    offers: {
      '@type': 'Offer',
      url,
      availability: session.placesLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      // A free class costs nothing; a small group's price is on the pricing page, in the site's
      // placeholder currency "P", which is no ISO 4217 code, so it is not stated here.
      ...(session.kind === 'free' ? { price: 0 } : {}),
    },
  }
}
