import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { ContactForm, type ContactActionData } from '~/components/contact-form'
import { ContactPanel } from '~/components/contact-panel'
import { ContentPage } from '~/components/content-page'
import { HONEYPOT_FIELD } from '~/components/form-field'
import { getPage } from '~/content.server'
import { CONTACT_FIELDS, CONTACT_SUBJECTS, ContactForm as ContactFormSchema } from '~/forms/contact'
import { ERRORS } from '~/messages'
import { readForm } from '~/request-form.server'
import { saveContactMessage } from '~/submissions.server'
import { hasErrors, readFields, validate } from '~/validation'

export { contentMeta as meta } from '~/components/content-page'

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

export default function ContactRoute() {
  const { page, defaultSubject } = useLoaderData<typeof loader>()
  const data = useActionData<ContactActionData>()
  return (
    <ContentPage page={page} aside={<ContactPanel />}>
      <ContactForm data={data} defaultSubject={defaultSubject} />
    </ContentPage>
  )
}
