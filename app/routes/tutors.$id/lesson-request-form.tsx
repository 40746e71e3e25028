import { Form, useRouteLoaderData } from '@remix-run/react'

import { FieldError, FormNotice, SubmitButton, TextAreaField, TextField } from '~/forms/fields'
import { Honeypot } from '~/forms/honeypot'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import { LessonRequestSchema } from '~/forms/lesson-request'
import { LIMITS } from '~/forms/rules'
import { FAMILY_ACCOUNTS_BOOK } from '~/messages/booking'
import type { loader as rootLoader } from '~/root'
import type { LessonRequestActionData } from '~/routes/tutors.$id/tutor-profile.server'

export type FreeSlot = { iso: string; label: string }

/** 'Request a lesson' on a tutor's profile: one of the free slots, a name and an e-mail. */
export function LessonRequestForm({ tutorName, slots, data }: { tutorName: string; slots: FreeSlot[]; data: LessonRequestActionData | undefined }) {
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(LessonRequestSchema, data?.fieldErrors)
  // A signed-in visitor starts with their account's name and address; they may book for another.
  const signedInAs = useRouteLoaderData<typeof rootLoader>('root')?.signedInAs
  if (data?.confirmation)
    return (
      <FormNotice tone="success" focusOnShow>
        {data.confirmation}
      </FormNotice>
    )
  if (slots.length === 0) return <p className="text-ink-700">{tutorName} has no free times in the next 7 days. Please check again soon.</p>
  // A tutor or the office sees the times a family would, and no form their account could not use.
  if (signedInAs && signedInAs.role !== 'family')
    return (
      <div className="space-y-4">
        <FormNotice tone="info">{FAMILY_ACCOUNTS_BOOK}</FormNotice>
        <div>
          <h3 id="free-times" className="text-sm font-medium text-ink-900">
            Free times
          </h3>
          <ul aria-labelledby="free-times" className="mt-2 grid gap-2 sm:grid-cols-2">
            {slots.map((slot) => (
              <li key={slot.iso} className="rounded-xl border border-ink-200 px-4 py-2.5 text-ink-800">
                <time dateTime={slot.iso}>{slot.label}</time>
              </li>
            ))}
          </ul>
        </div>
      </div>
    )
  const values = data?.values
  return (
    <>
      {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
      {/* The answer is shown where the form was: the page opens (or, with JavaScript, scrolls) there, not at its top. */}
      <Form method="post" action="#book" noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="relative">
        <Honeypot />
        <fieldset disabled={busy} className="space-y-5">
          <fieldset aria-describedby={errors.slot ? 'field-slot-error' : undefined} data-invalid={errors.slot ? true : undefined}>
            <legend className="text-sm font-medium text-ink-900">Choose a time</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {slots.map((slot) => (
                <label
                  key={slot.iso}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-ink-200 px-4 py-2.5 text-ink-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                >
                  <input type="radio" name="slot" value={slot.iso} defaultChecked={values?.slot === slot.iso} className="h-4 w-4 text-brand-700" />
                  <time dateTime={slot.iso}>{slot.label}</time>
                </label>
              ))}
            </div>
            <FieldError id="field-slot-error" error={errors.slot} />
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Your name" name="name" autoComplete="name" maxLength={LIMITS.name} defaultValue={values?.name ?? signedInAs?.name} error={errors.name} />
            <TextField label="Email" name="email" type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={values?.email ?? signedInAs?.email} error={errors.email} />
          </div>
          <TextAreaField
            label="Message (optional)"
            name="message"
            rows={4}
            maxLength={LIMITS.statement}
            hint="The student's year group, exam board and what you would like to work on."
            defaultValue={values?.message}
            error={errors.message}
          />
          <SubmitButton busy={busy} label="Request a lesson" busyLabel="Sending..." />
        </fieldset>
      </Form>
    </>
  )
}
