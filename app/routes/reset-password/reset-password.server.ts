// What /reset-password loads and what its form does: a reset link checked, and the new password set.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { isResetTokenUsable, resetPassword } from '~/accounts/accounts.server'
import { getPage } from '~/content/pages.server'
import { RESET_PASSWORD_FIELDS, ResetPasswordForm } from '~/forms/password-reset'
import { ERRORS } from '~/messages'
import { readForm } from '~/forms/pipeline.server'
import { hasErrors, readFields, validate, type FieldErrors } from '~/forms/rules'

export type ResetPasswordActionData = {
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
