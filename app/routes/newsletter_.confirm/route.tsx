// The link in the e-mail the newsletter box sends: its address goes on the list only once its owner
// presses the button here. (The trailing underscore keeps this page out of the /newsletter route.)
import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { AuthCard } from '~/components/auth-card'
import { ContentPage } from '~/content/content-page'
import { FormNotice, SubmitButton } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { NOTICES } from '~/messages/notices'
import type { ConfirmSubscriptionActionData, loader } from '~/routes/newsletter_.confirm/confirm.server'

export { loader, action } from '~/routes/newsletter_.confirm/confirm.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function ConfirmSubscriptionRoute() {
  const { page, subscription } = useLoaderData<typeof loader>()
  const data = useActionData<ConfirmSubscriptionActionData>()
  const busy = useIsPosting()
  const confirmed = data?.confirmed ?? (subscription?.confirmed ? subscription.email : null)
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        {confirmed ? (
          <FormNotice tone="success">{NOTICES.subscriptionConfirmed(confirmed)}</FormNotice>
        ) : subscription === null || data?.linkInvalid ? (
          <FormNotice tone="error">{NOTICES.subscriptionLinkInvalid}</FormNotice>
        ) : (
          <>
            {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
            <p className="text-ink-700">
              Send our newsletter to <strong className="break-all">{subscription.email}</strong>?
            </p>
            <Form method="post" className="mt-6">
              <SubmitButton busy={busy} label="Confirm subscription" busyLabel="Confirming..." />
            </Form>
          </>
        )}
      </AuthCard>
    </ContentPage>
  )
}
