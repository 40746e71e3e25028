import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { isResetTokenUsable, resetPassword } from '~/accounts.server'
import { AuthCard } from '~/components/auth-card'
import { ContentPage } from '~/components/content-page'
import { FormNotice, PasswordField, SubmitButton } from '~/components/form-field'
import { useValidatedForm } from '~/components/use-validated-form'
import { getPage } from '~/content.server'
import { useIsPosting } from '~/form-navigation'
import { RESET_PASSWORD_FIELDS, ResetPasswordForm } from '~/forms/password-reset'
import { ERRORS, NOTICES } from '~/messages'
import { readForm } from '~/request-form.server'
import { hasErrors, readFields, validate, type FieldErrors } from '~/validation'

export { contentMeta as meta } from '~/components/content-page'

type ResetPasswordActionData = {
  fieldErrors?: FieldErrors<(typeof RESET_PASSWORD_FIELDS)[number]>
  formError?: string
  linkInvalid?: boolean
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return json({ page: await getPage('reset-password'), token, linkUsable: token !== '' && isResetTokenUsable(token) })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const token = form.get('token')
  const values = readFields(form, RESET_PASSWORD_FIELDS)
  const fieldErrors = validate(ResetPasswordForm, values)
  if (hasErrors(fieldErrors)) return json<ResetPasswordActionData>({ fieldErrors }, { status: 400 })
  if (typeof token !== 'string' || token === '') return json<ResetPasswordActionData>({ linkInvalid: true }, { status: 400 })
  try {
    if (!(await resetPassword(token, values.password))) {
      return json<ResetPasswordActionData>({ linkInvalid: true }, { status: 400 })
    }
  } catch (error) {
    console.error('reset-password: could not save the new password', error)
    return json<ResetPasswordActionData>({ formError: ERRORS.formFailed }, { status: 500 })
  }
  return redirect('/login?notice=password-changed')
}

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
