// What /signup loads and what its form does: a new account, or the reasons it cannot be made.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { createAccount } from '~/accounts/accounts.server'
import { HONEYPOT_FIELD } from '~/forms/fields'
import { getPage } from '~/content/pages.server'
import { socialSignInNotice } from '~/forms/login'
import { SIGNUP_FIELDS, SignupForm } from '~/forms/signup'
import { ERRORS, NOTICES } from '~/messages'
import { readForm } from '~/forms/pipeline.server'
import { getSessionUser } from '~/accounts/session.server'
import { hasErrors, readFields, validate, type FieldErrors } from '~/forms/rules'

export type SignupActionData = {
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
