import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { LESSON_LIST_FILTERS } from '~/db/schema'
import { formatDateTime, Inbox } from '~/office/office-parts'
import type { loader } from '~/routes/office.lessons._index/lessons.server'

export { loader } from '~/routes/office.lessons._index/lessons.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Lesson requests · Office', description: 'Lesson requests, newest first.' })

export default function OfficeLessonsRoute() {
  const { status, listing } = useLoaderData<typeof loader>()
  return (
    <Inbox
      title="Lesson requests"
      path="/office/lessons"
      statuses={LESSON_LIST_FILTERS}
      status={status}
      listing={listing}
      counted={['request', 'requests']}
      line={(request) => ({ label: `${request.name} with ${request.tutorName}, ${request.when}`, detail: `Sent ${formatDateTime(request.createdAt)}`, status: request.stage })}
    />
  )
}
