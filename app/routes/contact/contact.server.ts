// What /contact loads and what its form does: a message stored for the team.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getPage } from '~/content/pages.server'
import { business } from '~/content/structured-data.server'
import { saveContactMessage } from '~/db/submissions.server'
import { CONTACT_SUBJECTS, ContactSchema, SAFEGUARDING_SUBJECT } from '~/forms/contact'
import { isOverClientLimit } from '~/forms/client-limits.server'
import { readSubmission, type FormReply } from '~/forms/pipeline.server'
import { contactReceivedEmail, officeContactEmail } from '~/mail/emails.server'
import { officeNotice, safeguardingNotice, visitorMail, wakeMailSender } from '~/mail/mail.server'
import { getEnv } from '~/env.server'
import { sharedPage } from '~/http/cache-control.server'
import { ERRORS } from '~/messages'
import { NOTICES } from '~/messages/notices'
import type { ContactPanelData } from '~/routes/contact/contact-panel'
import { CONTACT_QUICK_LINKS, SUPPORT } from '~/site'

export type ContactActionData = Partial<FormReply<typeof ContactSchema>> & { ok?: boolean; formError?: string }

// The side panel's hours and links travel with the page's data: /contact is the only page whose
// scripts would need them, and importing them there would put them in every page's shared scripts.
const PANEL: ContactPanelData = { support: SUPPORT, quickLinks: CONTACT_QUICK_LINKS }

export async function loader({ request }: LoaderFunctionArgs) {
  // Other pages may link here with a subject chosen, e.g. ?subject=Safeguarding concern.
  const subject = new URL(request.url).searchParams.get('subject') ?? ''
  const defaultSubject = (CONTACT_SUBJECTS as readonly string[]).includes(subject) ? subject : ''
  return json({ page: await getPage('contact'), defaultSubject, panel: PANEL, structured: [business(getEnv().siteUrl)] }, sharedPage(request, defaultSubject ? `?${new URLSearchParams({ subject })}` : ''))
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, ContactSchema)
  if (submission.status === 'spam') return json<ContactActionData>({ ok: true })
  if (submission.status === 'invalid') return json<ContactActionData>(submission.reply, { status: 400 })
  const message = submission.value
  if (await isOverClientLimit(request, 'stored post')) return json<ContactActionData>({ formError: NOTICES.tooManyRequests, values: submission.values }, { status: 429 })
  try {
    // The safeguarding page and this one promise a concern reaches the Designated Safeguarding Lead, as a priority.
    const concern = message.subject === SAFEGUARDING_SUBJECT
    await saveContactMessage(message, (id) => [
      concern
        ? safeguardingNotice(officeContactEmail({ id, ...message }), 'the safeguarding notice of a message')
        : officeNotice(officeContactEmail({ id, ...message }), 'the office notice of a message'),
      visitorMail({ to: message.email, ...contactReceivedEmail(message.name, message.subject) }, 'acknowledgement', 'the contact acknowledgement'),
    ])
    wakeMailSender()
  } catch (error) {
    // spec §8: a contact failure is only logged; we also say so, rather than pretend it was sent.
    console.error('contact: could not store the message', error)
    return json<ContactActionData>({ formError: ERRORS.formFailed, values: submission.values }, { status: 500 })
  }
  return json<ContactActionData>({ ok: true })
}
