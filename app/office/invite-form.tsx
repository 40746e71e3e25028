import { Form } from '@remix-run/react'

import { SelectField, SubmitButton, TextField } from '~/forms/fields'
import { InviteTutorSchema } from '~/forms/office'
import { LIMITS, type FieldErrors } from '~/forms/rules'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'

export type InviteReply = { fieldErrors?: FieldErrors<'tutorId' | 'email'>; values?: Partial<Record<string, string | string[]>>; invited?: string }

/**
 * Invites a catalogue tutor to an address: the e-mailed link sets a password and creates the
 * tutor's account. The tutor is chosen from the catalogue (`chosen` preselects one).
 */
export function InviteForm({
  tutors,
  chosen,
  defaultEmail,
  reply,
}: {
  tutors: ReadonlyArray<{ id: string; name: string }>
  chosen?: string
  defaultEmail?: string
  reply: InviteReply | undefined
}) {
  const busy = useIsPosting()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(InviteTutorSchema, reply?.fieldErrors)
  const email = typeof reply?.values?.email === 'string' ? reply.values.email : defaultEmail
  return (
    <Form method="post" action="?intent=invite" noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="space-y-4" aria-label="Invite a tutor">
      <SelectField
        label="Catalogue tutor"
        name="tutorId"
        options={tutors.map((tutor) => ({ value: tutor.id, label: tutor.name }))}
        placeholder="Choose the tutor's profile"
        defaultValue={typeof reply?.values?.tutorId === 'string' ? reply.values.tutorId : (chosen ?? '')}
        error={errors.tutorId}
      />
      <TextField label="Invite this address" name="email" type="email" autoComplete="off" maxLength={LIMITS.email} defaultValue={email} error={errors.email} />
      <SubmitButton busy={busy} label="Invite" busyLabel="Inviting..." />
    </Form>
  )
}
