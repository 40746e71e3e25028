// What /tutors/apply loads and what its form does: a tutor application stored for review.
import { json, type ActionFunctionArgs } from '@remix-run/node'

import { HONEYPOT_FIELD } from '~/forms/fields'
import type { TutorApplicationActionData } from '~/routes/tutors.apply/tutor-application-form'
import { getPage } from '~/content/pages.server'
import { APPLICATION_LIST_FIELDS, APPLICATION_TEXT_FIELDS, TutorApplicationForm } from '~/forms/tutor-application'
import { ERRORS, NOTICES } from '~/messages'
import { readForm } from '~/forms/pipeline.server'
import { saveTutorApplication } from '~/db/submissions.server'
import { hasErrors, readFields, readListFields, validate } from '~/forms/rules'

export async function loader() {
  return json({ page: await getPage('tutors/apply') })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  const values = { ...readFields(form, APPLICATION_TEXT_FIELDS), ...readListFields(form, APPLICATION_LIST_FIELDS) }
  const fieldErrors = validate(TutorApplicationForm, values)
  if (hasErrors(fieldErrors)) return json<TutorApplicationActionData>({ fieldErrors, values }, { status: 400 })
  const confirmation = NOTICES.applicationReceived(values.name.trim())
  if (form.get(HONEYPOT_FIELD)) return json<TutorApplicationActionData>({ confirmation })
  try {
    saveTutorApplication({
      name: values.name,
      email: values.email,
      subjects: values.subjects.split('\n'),
      levels: values.levels.split('\n'),
      experienceYears: Number(values.experienceYears),
      statement: values.statement,
    })
  } catch (error) {
    console.error('tutor application: could not store it', error)
    return json<TutorApplicationActionData>({ formError: ERRORS.formFailed, values }, { status: 500 })
  }
  return json<TutorApplicationActionData>({ confirmation })
}
