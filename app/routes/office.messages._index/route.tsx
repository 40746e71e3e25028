import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { CONTACT_STATUSES } from '~/db/schema'
import { formatDateTime, Inbox } from '~/office/office-parts'
import type { loader } from '~/routes/office.messages._index/messages.server'

export { loader } from '~/routes/office.messages._index/messages.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Messages · Office', description: 'Contact messages, newest first.' })

export default function OfficeMessagesRoute() {
  const { status, listing } = useLoaderData<typeof loader>()
  return (
    <Inbox
      title="Contact messages"
      path="/office/messages"
      statuses={CONTACT_STATUSES}
      status={status}
      listing={listing}
      counted={['message', 'messages']}
      line={(message) => ({ label: `${message.subject}: ${message.name}`, detail: formatDateTime(message.createdAt), status: message.status })}
    />
  )
}
