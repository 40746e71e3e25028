// What /contact loads and what its form does: a message stored for the team.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import type { ContactActionData } from '~/routes/contact/contact-form'
import { HONEYPOT_FIELD } from '~/forms/fields'
import { getPage } from '~/content/pages.server'
import { CONTACT_FIELDS, CONTACT_SUBJECTS, ContactForm as ContactFormSchema } from '~/forms/contact'
import { ERRORS } from '~/messages'
import { readForm } from '~/forms/pipeline.server'
import { saveContactMessage } from '~/db/submissions.server'
import { hasErrors, readFields, validate } from '~/forms/rules'

export async function loader({ request }: LoaderFunctionArgs) {
  // Other pages may link here with a subject chosen, e.g. ?subject=Safeguarding concern.
  const subject = new URL(request.url).searchParams.get('subject') ?? ''
  return json({
    page: await getPage('contact'),
    defaultSubject: (CONTACT_SUBJECTS as readonly string[]).includes(subject) ? subject : '',
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request)
  if (form.get(HONEYPOT_FIELD)) return json<ContactActionData>({ ok: true })
  const values = readFields(form, CONTACT_FIELDS)
  const fieldErrors = validate(ContactFormSchema, values)
  if (hasErrors(fieldErrors)) return json<ContactActionData>({ fieldErrors, values }, { status: 400 })
  try {
    saveContactMessage(values)
  } catch (error) {
    // spec §8: a contact failure is only logged; we also say so, rather than pretend it was sent.
    console.error('contact: could not store the message', error)
    return json<ContactActionData>({ formError: ERRORS.formFailed, values }, { status: 500 })
  }
  return json<ContactActionData>({ ok: true })
}
