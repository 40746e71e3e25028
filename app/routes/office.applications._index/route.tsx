import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { APPLICATION_STATUSES } from '~/db/schema'
import { formatDateTime, OfficeSection, Pager, StatusBadge, StatusFilter } from '~/office/office-parts'
import type { loader } from '~/routes/office.applications._index/applications.server'

export { loader } from '~/routes/office.applications._index/applications.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Applications · Office', description: 'Tutor applications, newest first.' })

export default function OfficeApplicationsRoute() {
  const { status, listing } = useLoaderData<typeof loader>()
  return (
    <OfficeSection title="Tutor applications">
      <div className="mt-4">
        <StatusFilter action="/office/applications" statuses={APPLICATION_STATUSES} current={status} />
      </div>
      <p className="mt-4 text-sm text-ink-700" role="status">
        {listing.total} {listing.total === 1 ? 'application' : 'applications'}
        {status ? ` ${status}` : ''}, newest first.
      </p>
      <ul className="mt-4 divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
        {listing.items.map((application) => (
          <li key={application.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <Link to={`/office/applications/${application.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                {application.name}: {application.subjects.join(', ')}
              </Link>
              <p className="text-sm text-ink-700">{formatDateTime(application.createdAt)}</p>
            </div>
            <StatusBadge status={application.status} />
          </li>
        ))}
      </ul>
      <Pager path="/office/applications" status={status} page={listing.page} pageCount={listing.pageCount} />
    </OfficeSection>
  )
}
