import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { formatExperience } from '~/content/experience'
import { pageMeta } from '~/content/page-meta'
import { FormNotice } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { InviteForm, type InviteReply } from '~/office/invite-form'
import { formatDateTime, HistoryList, mailtoHref, OfficeSection, StatusBadge } from '~/office/office-parts'
import type { loader } from '~/routes/office.applications.$id/application.server'

export { action, loader } from '~/routes/office.applications.$id/application.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Application · Office', description: 'A tutor application.' })

export default function OfficeApplicationRoute() {
  const { application, tutors, history } = useLoaderData<typeof loader>()
  const reply = useActionData<InviteReply & { refusal?: string; formError?: string }>()
  const busy = useIsPosting()
  return (
    <OfficeSection title={`Application: ${application.name}`}>
      <p className="mt-2">
        <Link to="/office/applications" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          All applications
        </Link>
      </p>
      <div className="mt-4 space-y-3">
        {reply?.invited ? <FormNotice tone="success">{reply.invited}</FormNotice> : null}
        {reply?.refusal ?? reply?.formError ? <FormNotice tone="error">{reply?.refusal ?? reply?.formError}</FormNotice> : null}
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-ink-600">Applicant</dt>
          <dd className="font-medium text-ink-900 [overflow-wrap:anywhere]">
            {application.name} &lt;<a href={mailtoHref(application.email)} className="text-brand-700 underline">{application.email}</a>&gt;
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-600">Status</dt>
          <dd>
            <StatusBadge status={application.status} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-600">Teaches</dt>
          <dd className="font-medium text-ink-900">
            {application.subjects.join(', ')} ({application.levels.join(', ')})
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-600">Experience, applied</dt>
          <dd className="font-medium text-ink-900">
            {formatExperience(application.experienceYears)}, {formatDateTime(application.createdAt)}
          </dd>
        </div>
      </dl>
      <blockquote className="card mt-6 whitespace-pre-wrap text-ink-900">{application.statement}</blockquote>
      {application.status === 'new' ? (
        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <div className="card">
            <h3 className="text-lg font-semibold text-ink-900">Invite to a tutor account</h3>
            <p className="mt-1 text-sm text-ink-700">Once their profile is in the catalogue, choose it; they get a link to set their password.</p>
            <div className="mt-4">
              <InviteForm tutors={tutors} defaultEmail={application.email} reply={reply} />
            </div>
          </div>
          <div className="card">
            <h3 className="text-lg font-semibold text-ink-900">Reject</h3>
            <p className="mt-1 text-sm text-ink-700">Write to them first; this only records the decision.</p>
            <Form method="post" action="?intent=reject" className="mt-4">
              <button type="submit" className="btn-secondary" disabled={busy}>
                Reject the application
              </button>
            </Form>
          </div>
        </div>
      ) : null}
      <h3 className="mt-8 text-lg font-semibold text-ink-900">History</h3>
      <HistoryList lines={history} />
    </OfficeSection>
  )
}
