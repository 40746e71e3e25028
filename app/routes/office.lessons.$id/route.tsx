import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { LearnerDetails } from '~/components/learner-details'
import { pageMeta } from '~/content/page-meta'
import { FieldError, FormNotice } from '~/forms/fields'
import type { Cancellation } from '~/forms/office'
import { useIsPosting } from '~/forms/use-is-posting'
import { formatDateTime, HistoryList, mailtoHref, OfficeSection, StatusBadge } from '~/office/office-parts'
import type { loader, OfficeLessonActionData } from '~/routes/office.lessons.$id/lesson.server'

export { action, loader } from '~/routes/office.lessons.$id/lesson.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Lesson request · Office', description: 'A lesson request.' })

export default function OfficeLessonRoute() {
  const { lesson, history } = useLoaderData<typeof loader>()
  const answer = useActionData<OfficeLessonActionData>()
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
      {answer?.notice ? (
        <div className="mt-4">
          <FormNotice tone="success" focusOnShow>
            {answer.notice}
          </FormNotice>
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
          {lesson.confirmable ? (
            <Form method="post" action="?intent=confirm">
              <button type="submit" className="btn-primary" disabled={busy}>
                Confirm the lesson
              </button>
            </Form>
          ) : null}
          <Form method="post" action="?intent=decline">
            <button type="submit" className="btn-secondary" disabled={busy}>
              Decline
            </button>
          </Form>
        </div>
      ) : null}
      {lesson.status === 'requested' ? (
        <p className="mt-3 text-sm text-ink-700">
          {lesson.confirmable ? "Either way the family is e-mailed; a confirmed lesson takes the tutor's slot." : 'Its time has passed, so it can only be declined; the family is e-mailed.'}
        </p>
      ) : null}
      {lesson.cancellations.length > 0 ? <RecordCancellation choices={lesson.cancellations} error={answer?.fieldErrors?.terms} busy={busy} /> : null}
      <h3 className="mt-8 text-lg font-semibold text-ink-900">History</h3>
      <HistoryList lines={history} />
    </OfficeSection>
  )
}

const CANCELLATION_CHOICES: Record<Cancellation, string> = {
  'family-request': 'The family withdrew the request',
  'family-in-time': 'The family cancelled in time: refund or lesson credit',
  'family-late': 'The family cancelled late: it counts as attended, the slot stays taken',
  tutor: 'The tutor cancelled: the family chooses a refund or rebooking',
}

/** For a cancellation sent by e-mail or through the contact form: recorded as the policy treats it when it reached us. */
function RecordCancellation({ choices, error, busy }: { choices: Cancellation[]; error?: string; busy: boolean }) {
  return (
    <Form method="post" action="?intent=cancel" className="card mt-6">
      <fieldset aria-describedby={error ? 'field-terms-error' : 'terms-hint'} data-invalid={error ? true : undefined}>
        <legend className="font-semibold text-ink-900">Record a cancellation sent by e-mail or through the contact form</legend>
        <p id="terms-hint" className="mt-1 text-sm text-ink-700">
          Choose as the policy treats it at the time it reached us. Everyone is e-mailed as for a cancellation made on a dashboard.
        </p>
        <div className="mt-3 grid gap-2">
          {choices.map((choice) => (
            <label key={choice} className="flex cursor-pointer items-center gap-3 rounded-xl border border-ink-200 px-4 py-2.5 text-ink-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
              <input type="radio" name="terms" value={choice} className="h-4 w-4 text-brand-700" />
              {CANCELLATION_CHOICES[choice]}
            </label>
          ))}
        </div>
        <FieldError id="field-terms-error" error={error} />
      </fieldset>
      <button type="submit" className="btn-secondary mt-4" disabled={busy}>
        Record Cancellation
      </button>
    </Form>
  )
}
