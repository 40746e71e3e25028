// The link in every newsletter e-mail. A GET only shows the address and asks: mail
// scanners open links, and must not unsubscribe anyone. The POST removes it.
// (The trailing underscore keeps this page out of the /newsletter route, which only redirects.)
import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/content/content-page'
import { AuthCard } from '~/components/auth-card'
import { FormNotice, SubmitButton } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { NOTICES } from '~/messages/notices'
import type { UnsubscribeActionData, loader } from '~/routes/newsletter_.unsubscribe/unsubscribe.server'

export { loader, action } from '~/routes/newsletter_.unsubscribe/unsubscribe.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function UnsubscribeRoute() {
  const { page, email } = useLoaderData<typeof loader>()
  const data = useActionData<UnsubscribeActionData>()
  const busy = useIsPosting()
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        {data?.unsubscribed ? (
          <FormNotice tone="success">{NOTICES.unsubscribed(data.unsubscribed)}</FormNotice>
        ) : email === null || data?.linkInvalid ? (
          <FormNotice tone="error">{NOTICES.unsubscribeLinkInvalid}</FormNotice>
        ) : (
          <>
            {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
            <p className="text-ink-700">
              Stop sending our newsletter to <strong className="break-all">{email}</strong>?
            </p>
            <Form method="post" className="mt-6">
              <SubmitButton busy={busy} label="Unsubscribe" busyLabel="Unsubscribing..." />
            </Form>
          </>
        )}
      </AuthCard>
    </ContentPage>
  )
}
