import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { SubmitButton } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { formatDateTime, HistoryList, mailtoHref, OfficeSection, StatusBadge } from '~/office/office-parts'
import type { loader } from '~/routes/office.messages.$id/message.server'

export { action, loader } from '~/routes/office.messages.$id/message.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Message · Office', description: 'A contact message.' })

export default function OfficeMessageRoute() {
  const { message, history } = useLoaderData<typeof loader>()
  const busy = useIsPosting()
  return (
    <OfficeSection title={`${message.subject}: ${message.name}`}>
      <p className="mt-2">
        <Link to="/office/messages" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          All messages
        </Link>
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-ink-600">From</dt>
          <dd className="font-medium text-ink-900 [overflow-wrap:anywhere]">
            {message.name} &lt;<a href={mailtoHref(message.email)} className="text-brand-700 underline">{message.email}</a>&gt;
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-600">Sent</dt>
          <dd className="font-medium text-ink-900">{formatDateTime(message.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-600">Status</dt>
          <dd>
            <StatusBadge status={message.status} />
          </dd>
        </div>
      </dl>
      <blockquote className="card mt-6 whitespace-pre-wrap text-ink-900">{message.message}</blockquote>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href={mailtoHref(message.email, `Re: ${message.subject}`)} className="btn-secondary">
          Reply by e-mail
        </a>
        {message.status === 'new' ? (
          <Form method="post">
            <SubmitButton busy={busy} label="Mark as answered" busyLabel="Saving..." />
          </Form>
        ) : null}
      </div>
      <h3 className="mt-8 text-lg font-semibold text-ink-900">History</h3>
      <HistoryList lines={history} />
    </OfficeSection>
  )
}
