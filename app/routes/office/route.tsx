import type { MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { OfficeTabs } from '~/office/office-parts'
import type { loader } from '~/routes/office/office.server'

export { loader } from '~/routes/office/office.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Office', description: 'Where staff read and answer what the site collects.' })

export default function OfficeRoute() {
  const { staff, counts } = useLoaderData<typeof loader>()
  return (
    <div className="page-container py-10">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Signed in as {staff.name}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">Office</h1>
      <div className="mt-6">
        <OfficeTabs counts={counts} />
      </div>
      <Outlet />
    </div>
  )
}
