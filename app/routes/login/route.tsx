import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'

import { ContentPage } from '~/content/content-page'
import { AuthCard } from '~/components/auth-card'
import { FormNotice, PasswordField, SubmitButton, TextField } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import { SocialSignIn } from '~/forms/social-sign-in-buttons'
import { LoginSchema } from '~/forms/login'
import type { LoginActionData, loader } from '~/routes/login/login.server'
import { safeRedirectPath } from '~/http/safe-redirect'

export { loader, action } from '~/routes/login/login.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function LoginRoute() {
  const { page, notice } = useLoaderData<typeof loader>()
  const data = useActionData<LoginActionData>()
  const [searchParams] = useSearchParams()
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(LoginSchema, data?.fieldErrors)
  return (
    <ContentPage page={page} childrenFirst>
      <AuthCard>
        <div className="space-y-3">
          {notice && !data ? <FormNotice tone="info">{notice}</FormNotice> : null}
          {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
        </div>
        <Form method="post" noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="mt-4">
          <input type="hidden" name="redirectTo" value={safeRedirectPath(searchParams.get('redirectTo'), '/dashboard')} />
          <fieldset disabled={busy} className="space-y-5">
            <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={data?.values?.email} error={errors.email} />
            <PasswordField label="Password" name="password" autoComplete="current-password" error={errors.password} />
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <label className="flex items-center gap-2 text-ink-800">
                <input type="checkbox" name="remember" defaultChecked={data?.values?.remember === 'on'} className="h-4 w-4 rounded border-ink-300 text-brand-700" />
                Remember me
              </label>
              <Link to="/forgot-password" className="font-medium text-brand-700 underline-offset-4 hover:underline">
                Forgot password?
              </Link>
            </div>
            <SubmitButton busy={busy} label="Sign In" busyLabel="Signing in..." />
          </fieldset>
        </Form>
        <SocialSignIn verb="Sign in" notice={data?.socialNotice} />
        <p className="mt-4 text-sm text-ink-700">
          Don&apos;t have an account?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      </AuthCard>
    </ContentPage>
  )
}
