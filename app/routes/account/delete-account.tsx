import { Form, Link } from '@remix-run/react'

import { SectionCard } from '~/components/section-card'
import { DeletionCheckSchema } from '~/forms/account'
import { useConfirmStep, useConfirmStepFragment } from '~/forms/confirm-step'
import { FormNotice, PasswordField, SubmitButton } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import { ACCOUNT_NOTICES } from '~/messages/account'
import { RULES } from '~/site'
import type { AccountActionData } from '~/routes/account/account.server'

/** Deleting the account: the password, then a second button that says it cannot be undone. */
export function DeleteAccount({ answer }: { answer: AccountActionData | undefined }) {
  const mine = answer?.intent === 'delete' ? answer : undefined
  const checking = useIsPosting('?intent=delete')
  const deleting = useIsPosting('?intent=delete-confirmed')
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(DeletionCheckSchema, mine?.fieldErrors)
  const fragment = useConfirmStepFragment('delete-account')
  // With JavaScript the question replaces the button that was pressed: the focus follows it there.
  const { step, question } = useConfirmStep<HTMLDivElement, HTMLDivElement>(mine?.deletionConfirmation)
  return (
    <SectionCard id="delete-account" title="Delete your account">
      <p className="mt-2 text-ink-700">
        Deleting your account signs you out and deletes your details, your learner&apos;s profile, your class places and the lesson requests that were never confirmed. Upcoming confirmed lessons are cancelled and the
        tutor and our office are told; one less than {RULES.cancellationWindowHours} hours ahead counts as attended, as with any late cancellation. Our <Link to="/privacy" className="text-brand-700 underline">privacy notice</Link> says what happens to each record.
      </p>
      <div className="mt-4 space-y-4">
        {mine?.refusal ? <FormNotice tone="error">{mine.refusal}</FormNotice> : null}
        {mine?.deletionConfirmation ? (
          <div ref={step} className="space-y-4">
            <div ref={question} tabIndex={-1} className="rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
              <FormNotice tone="error">{ACCOUNT_NOTICES.deletionAsk}</FormNotice>
            </div>
            {/* No fragment here: the answer leads away to /, and a fragment would follow the redirect. */}
            <Form method="post" action="?intent=delete-confirmed" className="flex flex-wrap gap-3">
              <input type="hidden" name="confirmation" value={mine.deletionConfirmation} />
              <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800 disabled:cursor-wait disabled:opacity-80" disabled={deleting}>
                {deleting ? 'Deleting...' : 'Yes, Delete My Account'}
              </button>
              <Link to="/account" className="btn-secondary">
                Keep My Account
              </Link>
            </Form>
          </div>
        ) : (
          <Form method="post" action={`?intent=delete${fragment}`} noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange}>
            <fieldset disabled={checking} className="space-y-5">
              <PasswordField label="Current password" name="currentPassword" id="delete-current-password" autoComplete="current-password" error={errors.currentPassword} />
              <div className="sm:max-w-xs">
                <SubmitButton busy={checking} label="Delete My Account" busyLabel="Checking..." />
              </div>
            </fieldset>
          </Form>
        )}
      </div>
    </SectionCard>
  )
}
