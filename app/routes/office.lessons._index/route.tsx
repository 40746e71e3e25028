import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { LESSON_STATUSES } from '~/db/schema'
import { formatDateTime, OfficeSection, Pager, StatusBadge, StatusFilter } from '~/office/office-parts'
import type { loader } from '~/routes/office.lessons._index/lessons.server'

export { loader } from '~/routes/office.lessons._index/lessons.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Lesson requests · Office', description: 'Lesson requests, newest first.' })

export default function OfficeLessonsRoute() {
  const { status, listing } = useLoaderData<typeof loader>()
  return (
    <OfficeSection title="Lesson requests">
      <div className="mt-4">
        <StatusFilter action="/office/lessons" statuses={LESSON_STATUSES} current={status} />
      </div>
      <p className="mt-4 text-sm text-ink-700" role="status">
        {listing.total} {listing.total === 1 ? 'request' : 'requests'}
        {status ? ` ${status}` : ''}, newest first.
      </p>
      <ul className="mt-4 divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
        {listing.items.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <Link to={`/office/lessons/${request.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                {request.name} with {request.tutorName}, {request.when}
              </Link>
              <p className="text-sm text-ink-700">Sent {formatDateTime(request.createdAt)}</p>
            </div>
            <StatusBadge status={request.stage} />
          </li>
        ))}
      </ul>
      <Pager path="/office/lessons" status={status} page={listing.page} pageCount={listing.pageCount} />
    </OfficeSection>
  )
}
