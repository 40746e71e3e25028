import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { MAIL_STATUSES } from '~/db/schema'
import { FormNotice } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { formatDateTime, ListCount, OfficeSection, Pager, StatusBadge, StatusFilter } from '~/office/office-parts'
import type { loader, RetryReply } from '~/routes/office.mail/mail.server'

export { action, loader } from '~/routes/office.mail/mail.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Mail · Office', description: 'Every automatic e-mail: queued, sent, failed or outdated.' })

export default function OfficeMailRoute() {
  const { status, listing } = useLoaderData<typeof loader>()
  const reply = useActionData<RetryReply>()
  const busy = useIsPosting()
  return (
    <OfficeSection title="Mail">
      <p className="mt-2 max-w-3xl text-ink-700">
        Every automatic e-mail the site sends waits here until the mail server takes it. One the server refused for good, or kept refusing for a
        day, is failed: send it again once the reason is dealt with. The confirmation or reminder of a lesson, not yet sent when the
        lesson was cancelled or began, is outdated: it is never sent.
      </p>
      <div className="mt-4 space-y-3">
        {reply?.requeued ? <FormNotice tone="success">{reply.requeued}</FormNotice> : null}
        {reply?.refusal ? <FormNotice tone="error">{reply.refusal}</FormNotice> : null}
        <StatusFilter action="/office/mail" statuses={MAIL_STATUSES} current={status} />
      </div>
      <ListCount total={listing.total} status={status} counted={['e-mail', 'e-mails']} />
      <ul className="mt-4 divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
        {listing.items.map((mail) => (
          <li key={mail.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
            <div className="min-w-0 [overflow-wrap:anywhere]">
              <p className="font-semibold text-ink-900">{mail.subject}</p>
              <p className="text-sm text-ink-700">
                To {mail.recipient}: {mail.what}. Queued {formatDateTime(mail.queuedAt)}
                {mail.sentAt ? `, sent ${formatDateTime(mail.sentAt)}` : ''}, {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}.
              </p>
              {mail.status !== 'sent' && mail.lastError ? <p className="text-sm text-ink-700">Last answer: {mail.lastError}</p> : null}
            </div>
            <div className="flex items-center gap-3">
              <StatusBadge status={mail.status} />
              {mail.status === 'failed' ? (
                <Form method="post">
                  <input type="hidden" name="mail" value={mail.id} />
                  <button type="submit" className="btn-secondary" disabled={busy} aria-label={`Send again the e-mail to ${mail.recipient}: ${mail.subject}`}>
                    Send again
                  </button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <Pager path="/office/mail" status={status} page={listing.page} pageCount={listing.pageCount} />
    </OfficeSection>
  )
}
