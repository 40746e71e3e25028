import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/content/content-page'
import { AuthCard } from '~/components/auth-card'
import { FormNotice, PasswordField, SubmitButton, TextField } from '~/forms/fields'
import { Honeypot } from '~/forms/honeypot'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import { SocialSignIn } from '~/forms/social-sign-in-buttons'
import { SignupSchema } from '~/forms/signup'
import type { SignupActionData, loader } from '~/routes/signup/signup.server'

export { loader, action } from '~/routes/signup/signup.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function SignupRoute() {
  const { page } = useLoaderData<typeof loader>()
  const data = useActionData<SignupActionData>()
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(SignupSchema, data?.fieldErrors)
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
        <Form method="post" noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="relative">
          <Honeypot />
          <fieldset disabled={busy} className="space-y-5">
            <TextField label="Full name" name="name" autoComplete="name" defaultValue={data?.values?.name} error={errors.name} />
            <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={data?.values?.email} error={errors.email} />
            <PasswordField label="Password" name="password" autoComplete="new-password" error={errors.password} />
            <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" error={errors.confirmPassword} />
            <SubmitButton busy={busy} label="Create Account" busyLabel="Creating Account..." />
          </fieldset>
        </Form>
        <SocialSignIn verb="Sign up" notice={data?.socialNotice} />
        <p className="mt-4 text-sm text-ink-700">
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      </AuthCard>
    </ContentPage>
  )
}
