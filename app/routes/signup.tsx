import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { createAccount } from '~/accounts.server'
import { AuthCard } from '~/components/auth-card'
import { ContentPage } from '~/components/content-page'
import { FormNotice, Honeypot, HONEYPOT_FIELD, PasswordField, SubmitButton, TextField } from '~/components/form-field'
import { SocialSignIn } from '~/components/social-sign-in'
import { useValidatedForm } from '~/components/use-validated-form'
import { getPage } from '~/content.server'
import { useIsPosting } from '~/form-navigation'
import { socialSignInNotice } from '~/forms/login'
import { SIGNUP_FIELDS, SignupForm } from '~/forms/signup'
import { ERRORS, NOTICES } from '~/messages'
import { readForm } from '~/request-form.server'
import { getSessionUser } from '~/session.server'
import { hasErrors, readFields, validate, type FieldErrors } from '~/validation'

export { contentMeta as meta } from '~/components/content-page'

type SignupActionData = {
  fieldErrors?: FieldErrors<(typeof SIGNUP_FIELDS)[number]>
  formError?: string
  socialNotice?: string
  values?: { name: string; email: string }
}

const CREATED = '/login?notice=created'

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSessionUser(request)) throw redirect('/dashboard')
  return json({ page: await getPage('signup') })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const social = socialSignInNotice(form)
  if (social) return json<SignupActionData>(social)
  // Software that fills the hidden field is told all went well and nothing is stored.
  if (form.get(HONEYPOT_FIELD)) return redirect(CREATED)

  const values = readFields(form, SIGNUP_FIELDS)
  const echo = { name: values.name, email: values.email }
  const fieldErrors = validate(SignupForm, values)
  if (hasErrors(fieldErrors)) return json<SignupActionData>({ fieldErrors, values: echo }, { status: 400 })
  try {
    const outcome = await createAccount(values)
    if (outcome === 'taken') {
      return json<SignupActionData>({ fieldErrors: { email: NOTICES.emailTaken }, values: echo }, { status: 409 })
    }
  } catch (error) {
    console.error('signup: could not create the account', error)
    return json<SignupActionData>({ formError: ERRORS.formFailed, values: echo }, { status: 500 })
  }
  return redirect(CREATED)
}

export default function SignupRoute() {
  const { page } = useLoaderData<typeof loader>()
  const data = useActionData<SignupActionData>()
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(SignupForm, data?.fieldErrors)
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
