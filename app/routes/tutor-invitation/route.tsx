import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { AuthCard } from '~/components/auth-card'
import { ContentPage } from '~/content/content-page'
import { FormNotice, PasswordField, SubmitButton, TextField } from '~/forms/fields'
import { LIMITS } from '~/forms/rules'
import { TutorAccountSchema } from '~/forms/tutor-account'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import { OFFICE_NOTICES } from '~/messages/office'
import type { loader, TutorAccountActionData } from '~/routes/tutor-invitation/tutor-invitation.server'

export { action, loader } from '~/routes/tutor-invitation/tutor-invitation.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function TutorInvitationRoute() {
  const { page, token, invitation } = useLoaderData<typeof loader>()
  const data = useActionData<TutorAccountActionData>()
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(TutorAccountSchema, data?.fieldErrors)
  const refusal = data?.refusal ?? (invitation ? null : OFFICE_NOTICES.invitationInvalid)
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        {refusal ? (
          <FormNotice tone="error">{refusal}</FormNotice>
        ) : invitation ? (
          <>
            {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
            <p className="text-ink-700">
              The tutor account of <strong>{invitation.tutorName}</strong>, signing in with <strong className="break-all">{invitation.email}</strong>.
            </p>
            <Form method="post" noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="mt-4">
              <input type="hidden" name="token" value={token} />
              <fieldset disabled={busy} className="space-y-5">
                <TextField label="Your name" name="name" autoComplete="name" maxLength={LIMITS.name} defaultValue={data?.name ?? invitation.tutorName} error={errors.name} />
                <PasswordField label="Password" name="password" autoComplete="new-password" error={errors.password} />
                <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" error={errors.confirmPassword} />
                <SubmitButton busy={busy} label="Create My Tutor Account" busyLabel="Creating..." />
              </fieldset>
            </Form>
          </>
        ) : null}
      </AuthCard>
    </ContentPage>
  )
}
