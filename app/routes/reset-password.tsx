import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/components/content-page'
import { AuthCard, FormNotice, PasswordField, SubmitButton, useIsPosting, useValidatedForm } from '~/components/form-kit'
import { ResetPasswordForm } from '~/forms/password-reset'
import { NOTICES } from '~/messages'
import type { ResetPasswordActionData, loader } from '~/route-handlers/reset-password.server'

export { loader, action } from '~/route-handlers/reset-password.server'
export { contentMeta as meta } from '~/components/content-page'

export default function ResetPasswordRoute() {
  const { page, token, linkUsable } = useLoaderData<typeof loader>()
  const data = useActionData<ResetPasswordActionData>()
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(ResetPasswordForm, data?.fieldErrors)
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
