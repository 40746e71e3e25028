import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/content/content-page'
import { AuthCard } from '~/components/auth-card'
import { FormNotice, PasswordField, SubmitButton } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import { ResetPasswordSchema } from '~/forms/password-reset'
import { NOTICES } from '~/messages/notices'
import type { ResetPasswordActionData, loader } from '~/routes/reset-password/reset-password.server'

export { loader, action } from '~/routes/reset-password/reset-password.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function ResetPasswordRoute() {
  const { page, token, linkUsable } = useLoaderData<typeof loader>()
  const data = useActionData<ResetPasswordActionData>()
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(ResetPasswordSchema, data?.fieldErrors)
  const linkInvalid = !linkUsable || data?.linkInvalid
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        {linkInvalid ? (
          <>
            <FormNotice tone="error">{NOTICES.resetLinkInvalid}</FormNotice>
            <Link to="/forgot-password" className="btn-primary mt-6 w-full">
              Send a new reset link
            </Link>
          </>
        ) : (
          <>
            {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
            <Form method="post" noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="mt-2">
              <input type="hidden" name="token" value={token} />
              <fieldset disabled={busy} className="space-y-5">
                <PasswordField label="New password" name="password" autoComplete="new-password" error={errors.password} />
                <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" error={errors.confirmPassword} />
                <SubmitButton busy={busy} label="Save New Password" busyLabel="Saving..." />
              </fieldset>
            </Form>
          </>
        )}
      </AuthCard>
    </ContentPage>
  )
}
