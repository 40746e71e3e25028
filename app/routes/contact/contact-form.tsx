import { Form, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'

import { FormNotice, SelectField, SubmitButton, TextAreaField, TextField } from '~/forms/fields'
import { Honeypot } from '~/forms/honeypot'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import { CONTACT_SUBJECTS, ContactSchema } from '~/forms/contact'
import { NOTICES } from '~/messages/notices'
import { RULES } from '~/site'
import { LIMITS } from '~/forms/rules'
import type { loader as rootLoader } from '~/root'
import type { ContactActionData } from '~/routes/contact/contact.server'

/**
 * spec §2 "Contact": four required fields and 'Send Message'. On success the banner
 * shows; with JavaScript the form is cleared and the banner hides after 5 s (spec §4).
 */
export function ContactForm({ data, defaultSubject }: { data: ContactActionData | undefined; defaultSubject: string }) {
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(ContactSchema, data?.fieldErrors)
  const [bannerShown, setBannerShown] = useState(Boolean(data?.ok))

  useEffect(() => {
    if (!data?.ok) return
    formRef.current?.reset()
    setBannerShown(true)
    const timer = setTimeout(() => setBannerShown(false), RULES.contactBannerSeconds * 1000)
    return () => clearTimeout(timer)
  }, [data, formRef])

  const values = data?.ok ? undefined : data?.values
  // A signed-in visitor starts with their account's name and address (and gets them back when the form is cleared).
  const signedInAs = useRouteLoaderData<typeof rootLoader>('root')?.signedInAs
  return (
    <section id="send-a-message" aria-labelledby="contact-form-title" className="card mt-10 scroll-mt-28">
      <h2 id="contact-form-title" className="text-xl font-semibold text-ink-900">
        Send us a message
      </h2>
      <div className="mt-4 space-y-3" aria-live="polite">
        {bannerShown ? <FormNotice tone="success">{NOTICES.contactSent}</FormNotice> : null}
        {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
      </div>
      {/* The answer is shown where the form was: the page opens (or, with JavaScript, scrolls) there, not at its top. */}
      <Form method="post" action="#send-a-message" ref={formRef} onSubmit={onSubmit} onChange={onChange} className="relative mt-4">
        <Honeypot />
        <fieldset disabled={busy} className="grid gap-5 sm:grid-cols-2">
          <TextField label="Name" name="name" autoComplete="name" required maxLength={LIMITS.name} defaultValue={values?.name ?? signedInAs?.name} error={errors.name} />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            defaultValue={values?.email ?? signedInAs?.email}
            error={errors.email}
          />
          <div className="sm:col-span-2">
            <SelectField
              label="Subject"
              name="subject"
              required
              options={CONTACT_SUBJECTS}
              placeholder="Choose a subject"
              defaultValue={values?.subject ?? defaultSubject}
              error={errors.subject}
            />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField
              label="Message"
              name="message"
              rows={6}
              required
              maxLength={LIMITS.message}
              defaultValue={values?.message}
              error={errors.message}
            />
          </div>
          <div className="sm:col-span-2">
            <SubmitButton busy={busy} label="Send Message" busyLabel="Sending..." />
          </div>
        </fieldset>
      </Form>
    </section>
  )
}
