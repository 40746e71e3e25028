import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { AuthCard } from '~/components/auth-card'
import { ContentPage } from '~/content/content-page'
import { FormNotice, SubmitButton } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { NOTICES } from '~/messages/notices'
import { ACCOUNT_NOTICES } from '~/messages/account'
import type { AddressConfirmationActionData, loader } from '~/routes/confirm-email/confirm-email.server'

export { action, loader } from '~/routes/confirm-email/confirm-email.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function ConfirmEmailRoute() {
  const { page, token, email, purpose, visitor, loginPath } = useLoaderData<typeof loader>()
  const data = useActionData<AddressConfirmationActionData>()
  const busy = useIsPosting()
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        {email === null || data?.linkInvalid ? (
          <>
            <FormNotice tone="error">{NOTICES.confirmLinkInvalid}</FormNotice>
            <Link to="/dashboard" className="btn-primary mt-6 w-full">
              Go to your dashboard
            </Link>
          </>
        ) : visitor === 'signed-out' ? (
          <>
            <p className="text-ink-700">{NOTICES.confirmLogInFirst(email)}</p>
            <Link to={loginPath} className="btn-primary mt-6 w-full">
              Log in to confirm
            </Link>
          </>
        ) : data?.addressTaken ? (
          <FormNotice tone="error">{ACCOUNT_NOTICES.addressTaken(email)}</FormNotice>
        ) : visitor === 'other-account' ? (
          <FormNotice tone="error">{NOTICES.confirmOtherAccount(email)}</FormNotice>
        ) : (
          <>
            {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
            <p className="text-ink-700">
              Confirm that <strong className="break-all">{email}</strong> is your {purpose === 'change' ? 'new ' : ''}address?
            </p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={token} />
              <SubmitButton busy={busy} label="Confirm My Email" busyLabel="Confirming..." />
            </Form>
          </>
        )}
      </AuthCard>
    </ContentPage>
  )
}
