import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { CONTACT_STATUSES } from '~/db/schema'
import { formatDateTime, OfficeSection, Pager, StatusBadge, StatusFilter } from '~/office/office-parts'
import type { loader } from '~/routes/office.messages._index/messages.server'

export { loader } from '~/routes/office.messages._index/messages.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Messages · Office', description: 'Contact messages, newest first.' })

export default function OfficeMessagesRoute() {
  const { status, listing } = useLoaderData<typeof loader>()
  return (
    <OfficeSection title="Contact messages">
      <div className="mt-4">
        <StatusFilter action="/office/messages" statuses={CONTACT_STATUSES} current={status} />
      </div>
      <p className="mt-4 text-sm text-ink-700" role="status">
        {listing.total} {listing.total === 1 ? 'message' : 'messages'}
        {status ? ` ${status}` : ''}, newest first.
      </p>
      <ul className="mt-4 divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
        {listing.items.map((message) => (
          <li key={message.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <Link to={`/office/messages/${message.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                {message.subject}: {message.name}
              </Link>
              <p className="text-sm text-ink-700">{formatDateTime(message.createdAt)}</p>
            </div>
            <StatusBadge status={message.status} />
          </li>
        ))}
      </ul>
      <Pager path="/office/messages" status={status} page={listing.page} pageCount={listing.pageCount} />
    </OfficeSection>
  )
}
