import { Form, Link } from '@remix-run/react'

import { useConfirmStep, useConfirmStepFragment } from '~/forms/confirm-step'
import type { Cancellation } from '~/forms/office'
import { useIsPosting } from '~/forms/use-is-posting'

/** A lesson as a dashboard lists it, with what this account may do with it. */
export type LessonState = { id: number; cancellable: boolean; calendar: string | null }

/** A cancellation waiting for the account's confirmation (the dashboard action's answer). */
export type Cancelling = { id: number; terms: Cancellation; question: string }

const CONFIRM_WORDS: Record<Cancellation, string> = {
  'family-request': 'Yes, Withdraw the Request',
  'family-in-time': 'Yes, Cancel the Lesson',
  'family-late': 'Yes, Cancel the Lesson',
  tutor: 'Yes, Cancel the Lesson',
}

/**
 * A lesson's calendar file and its Cancel button, or, once Cancel was pressed, the policy's verdict
 * and the button that confirms it. `label` names the lesson for assistive technology.
 */
export function LessonActions({ lesson, label, cancelling }: { lesson: LessonState; label: string; cancelling: Cancelling | undefined }) {
  const busy = useIsPosting()
  const fragment = useConfirmStepFragment('cancel-lesson')
  if (cancelling?.id === lesson.id) return <ConfirmCancellation cancelling={cancelling} />
  if (!lesson.calendar && !lesson.cancellable) return null
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      {lesson.calendar ? (
        <a href={lesson.calendar} download className="text-sm font-semibold text-brand-700 underline" aria-label={`Add to calendar: ${label}`}>
          Add to calendar (.ics)
        </a>
      ) : null}
      {lesson.cancellable ? (
        <Form method="post" action={`?intent=cancel${fragment}`}>
          <input type="hidden" name="request" value={lesson.id} />
          <button type="submit" className="btn-secondary py-1.5 text-sm" disabled={busy} aria-label={`Cancel: ${label}`}>
            Cancel
          </button>
        </Form>
      ) : null}
    </div>
  )
}

function ConfirmCancellation({ cancelling }: { cancelling: Cancelling }) {
  const busy = useIsPosting('?intent=cancel-confirmed')
  // With JavaScript the question replaces the button that was pressed: the focus follows it there.
  const { step, question } = useConfirmStep<HTMLDivElement, HTMLParagraphElement>(cancelling.id)
  return (
    <div ref={step} id="cancel-lesson" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-4">
      <p ref={question} tabIndex={-1} className="text-ink-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        {cancelling.question}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post" action="?intent=cancel-confirmed">
          <input type="hidden" name="request" value={cancelling.id} />
          <input type="hidden" name="terms" value={cancelling.terms} />
          <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800 disabled:cursor-wait disabled:opacity-80" disabled={busy}>
            {busy ? 'Cancelling...' : CONFIRM_WORDS[cancelling.terms]}
          </button>
        </Form>
        <Link to="/dashboard" className="btn-secondary">
          Keep It
        </Link>
      </div>
    </div>
  )
}
