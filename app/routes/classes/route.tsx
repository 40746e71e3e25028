import { useActionData, useLoaderData } from '@remix-run/react'

import { ClassFilterForm, Timetable } from '~/routes/classes/class-timetable'
import { classEvent } from '~/classes/class-events'
import { contentMetaWith } from '~/content/page-meta'
import { ContentPage } from '~/content/content-page'
import type { loader, ReservationActionData } from '~/routes/classes/classes.server'

export { loader, action } from '~/routes/classes/classes.server'

export const meta = contentMetaWith<typeof loader>((siteUrl, { sessions }) => sessions.map((session) => classEvent(siteUrl, session)))

export default function ClassesRoute() {
  const { page, filters, subjects, sessions, chosen } = useLoaderData<typeof loader>()
  const reservation = useActionData<ReservationActionData>()
  return (
    <ContentPage page={page} childrenFirst>
      <div className="mb-12">
        <ClassFilterForm filters={filters} subjects={subjects} />
        <Timetable sessions={sessions} filters={filters} chosen={chosen} reservation={reservation} />
      </div>
    </ContentPage>
  )
}
