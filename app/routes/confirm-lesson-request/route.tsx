import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { AuthCard } from '~/components/auth-card'
import { ContentPage } from '~/content/content-page'
import { FormNotice, SubmitButton } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { NOTICES } from '~/messages/notices'
import type { LessonRequestProofActionData, loader } from '~/routes/confirm-lesson-request/confirm-lesson-request.server'

export { action, loader } from '~/routes/confirm-lesson-request/confirm-lesson-request.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function ConfirmLessonRequestRoute() {
  const { page, token, request } = useLoaderData<typeof loader>()
  const data = useActionData<LessonRequestProofActionData>()
  const busy = useIsPosting()
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        {data?.sent ? (
          <FormNotice tone="success">{data.sent}</FormNotice>
        ) : data?.slotGone ? (
          <>
            <FormNotice tone="error">{NOTICES.lessonRequestSlotGone(data.slotGone.tutorName)}</FormNotice>
            <Link to={`/tutors/${data.slotGone.tutorId}`} className="btn-primary mt-6 w-full">
              Choose another time
            </Link>
          </>
        ) : request === null || data?.linkInvalid ? (
          <>
            <FormNotice tone="error">{NOTICES.lessonRequestLinkInvalid}</FormNotice>
            <Link to="/tutors" className="btn-primary mt-6 w-full">
              Browse tutors
            </Link>
          </>
        ) : (
          <>
            {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
            <p className="text-ink-700">
              Send {request.name}&apos;s request for a lesson with <strong>{request.tutorName}</strong> on <strong>{request.when}</strong> (London time)?
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={token} />
              <SubmitButton busy={busy} label="Send My Request" busyLabel="Sending..." />
            </Form>
          </>
        )}
      </AuthCard>
    </ContentPage>
  )
}
