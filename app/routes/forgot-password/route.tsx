import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/content/content-page'
import { AuthCard } from '~/components/auth-card'
import { FormNotice, SubmitButton, TextField } from '~/forms/fields'
import { Honeypot } from '~/forms/honeypot'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import { ForgotPasswordSchema, RESET_LINK_LIFETIME_MINUTES } from '~/forms/password-reset'
import type { ForgotPasswordActionData, loader } from '~/routes/forgot-password/forgot-password.server'

export { loader, action } from '~/routes/forgot-password/forgot-password.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function ForgotPasswordRoute() {
  const { page } = useLoaderData<typeof loader>()
  const data = useActionData<ForgotPasswordActionData>()
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(ForgotPasswordSchema, data?.fieldErrors)
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        {data?.sentTo ? (
          <div role="status">
            <h2 className="text-xl font-semibold text-ink-900">Check Your Email</h2>
            <p className="mt-2 text-ink-700">
              We have sent password reset instructions to <strong className="break-all">{data.sentTo}</strong>. The link
              expires in {RESET_LINK_LIFETIME_MINUTES} minutes.
            </p>
          </div>
        ) : (
          <>
            {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
            <Form method="post" noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="relative mt-2">
              <Honeypot />
              <fieldset disabled={busy} className="space-y-5">
                <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={data?.values?.email} error={errors.email} />
                <SubmitButton busy={busy} label="Send Reset Link" busyLabel="Sending..." />
              </fieldset>
            </Form>
          </>
        )}
        <p className="mt-6 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Back to log in
          </Link>
          <Link to="/signup" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Create an account
          </Link>
        </p>
      </AuthCard>
    </ContentPage>
  )
}
