// A post whose answer is a second step: a question, and the button that confirms it, in place of the
// button that was pressed (cancelling a lesson, deleting an account).
import { useEffect, useRef } from 'react'

import { useHydrated } from '~/components/use-hydrated'

/**
 * The fragment of the first post's action: `#id`, the step's, until the page is hydrated, so a page
 * posted without JavaScript opens at the question. None once hydrated: the step is then shown as soon
 * as the answer is in, while the page's data reloads, and a fragment would scroll the page when that
 * had, moving the confirming button from under the pointer (useConfirmStep brings the step into view).
 */
export function useConfirmStepFragment(id: string) {
  return useHydrated() ? '' : `#${id}`
}

/**
 * For the step's element and its question: once shown (and again for each new `shown` key), the
 * question takes the focus, and the step is scrolled just into view, its button with it. Focus alone
 * would scroll only as far as the question.
 */
export function useConfirmStep<Step extends HTMLElement, Question extends HTMLElement>(shown: unknown) {
  const step = useRef<Step>(null)
  const question = useRef<Question>(null)
  useEffect(() => {
    question.current?.focus({ preventScroll: true })
    step.current?.scrollIntoView({ block: 'nearest' })
  }, [shown])
  return { step, question }
}
