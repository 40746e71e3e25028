import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'

import { SectionCard } from '~/components/section-card'
import { TUTOR_LEVELS, TUTOR_SUBJECTS } from '~/content/tutor-vocabulary'
import { AccountNameSchema, EmailChangeSchema, GOALS_MAX_LENGTH, LearnerProfileSchema, PasswordChangeSchema } from '~/forms/account'
import { CheckboxGroup, FormNotice, PasswordField, SelectField, SubmitButton, TextAreaField, TextField } from '~/forms/fields'
import { LIMITS, type FormSchema } from '~/forms/rules'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import type { AccountActionData } from '~/routes/account/account.server'

type Answer = AccountActionData | undefined

/** The answer to this form, if the last post was this form's. */
function answerTo(intent: string, answer: Answer) {
  return answer?.intent === intent ? answer : undefined
}

function text(value: string | string[] | undefined) {
  return typeof value === 'string' ? value : undefined
}

/** One form of the page: its notice or refusal above it, its fields checked in the browser by `schema` too. */
function AccountForm<Schema extends FormSchema>({
  intent,
  section,
  schema,
  answer,
  label,
  busyLabel,
  children,
}: {
  intent: string
  /** The card's heading id: without JavaScript the answer opens there, not at the top of a long page. */
  section: string
  schema: Schema
  answer: Answer
  label: string
  busyLabel: string
  children: (errors: Record<string, string | undefined>) => ReactNode
}) {
  const mine = answerTo(intent, answer)
  const action = `?intent=${intent}`
  const busy = useIsPosting(action)
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(schema, mine?.fieldErrors as never)
  return (
    <>
      {mine?.notice ? <FormNotice tone="success">{mine.notice}</FormNotice> : null}
      {mine?.refusal ? <FormNotice tone="error">{mine.refusal}</FormNotice> : null}
      <Form method="post" action={`${action}#${section}`} noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="relative mt-4">
        <fieldset disabled={busy} className="space-y-5">
          {children(errors as Record<string, string | undefined>)}
          <div className="sm:max-w-xs">
            <SubmitButton busy={busy} label={label} busyLabel={busyLabel} />
          </div>
        </fieldset>
      </Form>
    </>
  )
}

type Profile = { learnerName: string; level: string; subjects: string[]; goals: string }

export function LearnerProfileForm({ profile, answer }: { profile: Profile; answer: Answer }) {
  const typed = answerTo('profile', answer)?.values
  const subjects = typed?.subjects === undefined ? (typed ? [] : profile.subjects) : [typed.subjects].flat()
  return (
    <SectionCard id="learner-profile" title="Your learner's profile">
      <p className="mt-2 text-ink-700">Every field is optional. A lesson request you send while signed in carries this profile, so the tutor can prepare.</p>
      <AccountForm intent="profile" section="learner-profile" schema={LearnerProfileSchema} answer={answer} label="Save Profile" busyLabel="Saving...">
        {(errors) => (
          <>
            <TextField label="Learner's name" name="learnerName" maxLength={LIMITS.name} defaultValue={text(typed?.learnerName) ?? profile.learnerName} error={errors.learnerName} />
            <SelectField label="Year group or level" name="level" options={TUTOR_LEVELS} placeholder="Not given" defaultValue={text(typed?.level) ?? profile.level} error={errors.level} />
            <CheckboxGroup legend="Subjects" name="subjects" options={TUTOR_SUBJECTS} chosen={subjects} error={errors.subjects} />
            <TextAreaField
              label="Goals"
              name="goals"
              rows={4}
              maxLength={GOALS_MAX_LENGTH}
              hint="For example an exam and its date, the topics to work on, or how the learner likes to be taught."
              defaultValue={text(typed?.goals) ?? profile.goals}
              error={errors.goals}
            />
          </>
        )}
      </AccountForm>
    </SectionCard>
  )
}

export function AccountDetailsForms({ user, pendingEmail, answer }: { user: { name: string; email: string }; pendingEmail: string | null; answer: Answer }) {
  const typedName = text(answerTo('name', answer)?.values?.name)
  const typedEmail = text(answerTo('email', answer)?.values?.email)
  return (
    <>
      <SectionCard id="your-name" title="Your name">
        <AccountForm intent="name" section="your-name" schema={AccountNameSchema} answer={answer} label="Save Name" busyLabel="Saving...">
          {(errors) => <TextField label="Full name" name="name" autoComplete="name" maxLength={LIMITS.name} defaultValue={typedName ?? user.name} error={errors.name} />}
        </AccountForm>
      </SectionCard>
      <SectionCard id="your-email" title="Your email address">
        <p className="mt-2 text-ink-700">
          You sign in with <strong className="[overflow-wrap:anywhere]">{user.email}</strong>. To change it, give the new address: we email it a link, and the account moves once you open it.
        </p>
        {pendingEmail ? (
          <p className="mt-2 text-ink-700">
            Waiting for you to open the link we sent to <strong className="[overflow-wrap:anywhere]">{pendingEmail}</strong>.
          </p>
        ) : null}
        <AccountForm intent="email" section="your-email" schema={EmailChangeSchema} answer={answer} label="Send Confirmation Link" busyLabel="Sending...">
          {(errors) => (
            <>
              <TextField label="New email address" name="email" type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={typedEmail} error={errors.email} />
              <PasswordField label="Current password" name="currentPassword" id="email-current-password" autoComplete="current-password" error={errors.currentPassword} />
            </>
          )}
        </AccountForm>
      </SectionCard>
      <SectionCard id="your-password" title="Your password">
        <p className="mt-2 text-ink-700">Changing it signs you out on every other device.</p>
        <AccountForm intent="password" section="your-password" schema={PasswordChangeSchema} answer={answer} label="Change Password" busyLabel="Changing...">
          {(errors) => (
            <>
              <PasswordField label="Current password" name="currentPassword" id="password-current-password" autoComplete="current-password" error={errors.currentPassword} />
              <PasswordField label="New password" name="password" id="new-password" autoComplete="new-password" error={errors.password} />
              <PasswordField label="Confirm new password" name="confirmPassword" id="confirm-new-password" autoComplete="new-password" error={errors.confirmPassword} />
            </>
          )}
        </AccountForm>
      </SectionCard>
    </>
  )
}
