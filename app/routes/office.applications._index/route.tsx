import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { APPLICATION_STATUSES } from '~/db/schema'
import { formatDateTime, Inbox } from '~/office/office-parts'
import type { loader } from '~/routes/office.applications._index/applications.server'

export { loader } from '~/routes/office.applications._index/applications.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Applications · Office', description: 'Tutor applications, newest first.' })

export default function OfficeApplicationsRoute() {
  const { status, listing } = useLoaderData<typeof loader>()
  return (
    <Inbox
      title="Tutor applications"
      path="/office/applications"
      statuses={APPLICATION_STATUSES}
      status={status}
      listing={listing}
      counted={['application', 'applications']}
      line={(application) => ({ label: `${application.name}: ${application.subjects.join(', ')}`, detail: formatDateTime(application.createdAt), status: application.status })}
    />
  )
}
