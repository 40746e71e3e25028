import { useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/content/content-page'
import { CookieConsentForm } from '~/components/cookie-banner'
import type { loader } from '~/routes/cookies/cookies.server'

export { loader } from '~/routes/cookies/cookies.server'
export { contentMeta as meta } from '~/content/page-meta'

const CHOICE_TEXT = {
  accepted: "You have accepted our booking partner's cookies.",
  rejected: "You have rejected our booking partner's cookies.",
  unanswered: "You have not chosen yet, so our booking partner's button and its cookies stay off.",
} as const

export default function CookiesRoute() {
  const { page, choice } = useLoaderData<typeof loader>()
  // Without a booking partner there is nothing to choose: the page lists the cookies, and that is all.
  if (!choice) return <ContentPage page={page} />
  return (
    <ContentPage page={page} childrenFirst>
      <section aria-labelledby="cookie-choice-title" className="card mb-10">
        <h2 id="cookie-choice-title" className="text-xl font-semibold text-ink-900">
          Your cookie choice
        </h2>
        <p className="mt-2 text-ink-700">{CHOICE_TEXT[choice.consent ?? 'unanswered']} You can change your mind here at any time.</p>
        <CookieConsentForm className="mt-4" />
      </section>
    </ContentPage>
  )
}
