import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { LearnerDetails } from '~/components/learner-details'
import { pageMeta } from '~/content/page-meta'
import { FormNotice } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { formatDateTime, HistoryList, mailtoHref, OfficeSection, StatusBadge } from '~/office/office-parts'
import type { loader } from '~/routes/office.lessons.$id/lesson.server'

export { action, loader } from '~/routes/office.lessons.$id/lesson.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Lesson request · Office', description: 'A lesson request.' })

export default function OfficeLessonRoute() {
  const { lesson, history } = useLoaderData<typeof loader>()
  const answer = useActionData<{ refusal?: string }>()
  const busy = useIsPosting()
  return (
    <OfficeSection title={`${lesson.name} with ${lesson.tutorName}`}>
      <p className="mt-2">
        <Link to="/office/lessons" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          All lesson requests
        </Link>
      </p>
      {answer?.refusal ? (
        <div className="mt-4">
          <FormNotice tone="error">{answer.refusal}</FormNotice>
        </div>
      ) : null}
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-ink-600">Lesson</dt>
          <dd className="font-medium text-ink-900">{lesson.when} (London time)</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-600">Status</dt>
          <dd>
            <StatusBadge status={lesson.stage} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-600">Family</dt>
          <dd className="font-medium text-ink-900 [overflow-wrap:anywhere]">
            {lesson.name}
            {/* A deleted account's lesson is kept without its address. */}
            {lesson.email ? (
              <>
                {' '}
                &lt;<a href={mailtoHref(lesson.email)} className="text-brand-700 underline">{lesson.email}</a>&gt;
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-600">Sent</dt>
          <dd className="font-medium text-ink-900">{formatDateTime(lesson.createdAt)}</dd>
        </div>
      </dl>
      {lesson.learner ? <LearnerDetails learner={lesson.learner} /> : null}
      {lesson.message ? <blockquote className="card mt-6 whitespace-pre-wrap text-ink-900">{lesson.message}</blockquote> : null}
      {lesson.status === 'requested' ? (
        <div className="mt-6 flex flex-wrap gap-3">
          <Form method="post" action="?intent=confirm">
            <button type="submit" className="btn-primary" disabled={busy}>
              Confirm the lesson
            </button>
          </Form>
          <Form method="post" action="?intent=decline">
            <button type="submit" className="btn-secondary" disabled={busy}>
              Decline
            </button>
          </Form>
        </div>
      ) : null}
      <p className="mt-3 text-sm text-ink-700">Either way the family is e-mailed; a confirmed lesson takes the tutor&apos;s slot.</p>
      <h3 className="mt-8 text-lg font-semibold text-ink-900">History</h3>
      <HistoryList lines={history} />
    </OfficeSection>
  )
}
