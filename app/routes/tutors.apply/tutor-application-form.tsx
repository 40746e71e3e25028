import { Form } from '@remix-run/react'

import { CheckboxGroup, FieldError, FormNotice, SubmitButton, TextAreaField, TextField } from '~/forms/fields'
import { Honeypot } from '~/forms/honeypot'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import {
  APPLICATION_LEVELS,
  APPLICATION_SUBJECTS,
  STATEMENT_MIN_LENGTH,
  TutorApplicationSchema,
} from '~/forms/tutor-application'
import { RULES } from '~/site'
import { LIMITS } from '~/forms/rules'
import type { TutorApplicationActionData } from '~/routes/tutors.apply/apply.server'

/** The application of /tutors/apply, stored in tutor_applications; it replaces the spec's placeholder link. */
export function TutorApplicationFormSection({ data }: { data: TutorApplicationActionData | undefined }) {
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(TutorApplicationSchema, data?.fieldErrors)
  const values = data?.values ?? {}
  const list = (value?: string | string[]) => (value === undefined ? [] : [value].flat())
  return (
    <section id="apply" aria-labelledby="application-title" className="card mt-10 scroll-mt-28">
      <h2 id="application-title" className="text-xl font-semibold text-ink-900">
        Your application
      </h2>
      {data?.confirmation ? (
        <div className="mt-4">
          <FormNotice tone="success">{data.confirmation}</FormNotice>
        </div>
      ) : (
        <>
          {data?.formError ? <FormNotice tone="error">{data.formError}</FormNotice> : null}
          {/* The answer is shown where the form was: the page opens (or, with JavaScript, scrolls) there, not at its top. */}
          <Form method="post" action="#apply" noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="relative mt-4">
            <Honeypot />
            <fieldset disabled={busy} className="space-y-6">
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField label="Full name" name="name" autoComplete="name" maxLength={LIMITS.name} defaultValue={values.name} error={errors.name} />
                <TextField label="Email" name="email" type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={values.email} error={errors.email} />
              </div>
              <CheckboxGroup legend="Subjects you teach" name="subjects" options={APPLICATION_SUBJECTS} chosen={list(values.subjects)} error={errors.subjects} />
              <CheckboxGroup legend="Levels you teach" name="levels" options={APPLICATION_LEVELS} chosen={list(values.levels)} error={errors.levels} />
              <TextField
                label="Years of teaching or tutoring experience"
                name="experienceYears"
                type="number"
                inputMode="numeric"
                min={RULES.tutorMinYearsExperience}
                max={80}
                defaultValue={values.experienceYears}
                error={errors.experienceYears}
              />
              <div>
                <label className="flex items-start gap-2 text-ink-800">
                  <input
                    type="checkbox"
                    name="hasEquipment"
                    value="yes"
                    defaultChecked={values.hasEquipment === 'yes'}
                    aria-invalid={errors.hasEquipment ? true : undefined}
                    aria-describedby={errors.hasEquipment ? 'field-hasEquipment-error' : undefined}
                    className="mt-1 h-4 w-4 rounded border-ink-500"
                  />
                  I have a laptop or desktop, a webcam and a microphone
                </label>
                <FieldError id="field-hasEquipment-error" error={errors.hasEquipment} />
              </div>
              <TextAreaField
                label="How you like to teach"
                name="statement"
                rows={6}
                hint={`At least ${STATEMENT_MIN_LENGTH} characters: your approach, the students you work best with, anything we should know.`}
                maxLength={LIMITS.statement}
                defaultValue={values.statement}
                error={errors.statement}
              />
              <SubmitButton busy={busy} label="Send Application" busyLabel="Sending..." />
            </fieldset>
          </Form>
        </>
      )}
    </section>
  )
}
