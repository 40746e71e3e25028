import { Form, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'

import { Icon } from '~/components/icon'
import { ENHANCED_FIELD } from '~/http/enhanced-post'

// spec §4: the dismissal is also kept in local storage.
const PROMO_DISMISSED_KEY = 'brightwell:promo-dismissed'
// spec §4: "removed after 300 ms"; the slide's `duration-300` below is the same time.
const CLOSING_MS = 300

/**
 * Tells the server, which keeps the dismissal in a cookie. A plain request rather than a fetcher's: a
 * fetcher's post reloads every loader of the page, though nothing they read has changed, and one reload
 * failing (a server restarting) would put the error page in place of the page being read. `keepalive`
 * lets it finish if the visitor leaves the page at once. A post that fails changes nothing: the flag in
 * local storage makes the next page load send it again.
 */
function postDismissal() {
  fetch('/promo-banner', { method: 'POST', body: new URLSearchParams({ [ENHANCED_FIELD]: '1' }), keepalive: true }).catch(() => undefined)
}

/**
 * spec §2, §4: the dismissible promotion. The server hides it when the dismissal
 * cookie is present, so a reload never flashes it back. The close button posts to
 * /promo-banner, which sets that cookie: without JavaScript the page comes back
 * without the banner; with it the banner slides away while the post goes in the background.
 */
export function PromoBanner({ dismissed }: { dismissed: boolean }) {
  const location = useLocation()
  const [state, setState] = useState<'shown' | 'closing' | 'gone'>('shown')

  useEffect(() => {
    // A visitor whose cookie is gone but whose browser still has the flag closed it before. With the
    // cookie there, the server knows already, and posting again would cost every page a post.
    if (!dismissed && window.localStorage.getItem(PROMO_DISMISSED_KEY)) {
      postDismissal()
      setState('gone')
    }
  }, [dismissed])

  // The spec's rule is a time, so a timer rather than the slide's transitionend: that event waits for
  // the browser to run the slide's frames (none run in a hidden tab), and any transitionend from inside
  // the banner would bubble up to it.
  useEffect(() => {
    if (state !== 'closing') return
    const timer = window.setTimeout(() => setState('gone'), CLOSING_MS)
    return () => window.clearTimeout(timer)
  }, [state])

  if (state === 'gone' || (dismissed && state === 'shown')) return null

  return (
    <div
      role="region"
      aria-label="Promotion"
      className={`surface-dark overflow-hidden bg-brand-900 text-white transition-all duration-300 ease-out ${
        state === 'closing' ? 'max-h-0 opacity-0' : 'max-h-40 opacity-100'
      }`}
    >
      <div className="page-container flex items-center gap-3 py-1.5 text-sm sm:py-2.5">
        <Icon name="gift" className="hidden h-5 w-5 flex-none text-sun-300 sm:block" />
        <p className="flex-1">
          <span className="font-semibold">Get your first tutoring session free!</span>{' '}
          <a href="/pricing" className="font-semibold text-sun-300 underline underline-offset-4 hover:text-white">
            Claim your free session
          </a>
        </p>
        <Form
          method="post"
          action="/promo-banner"
          onSubmit={(event) => {
            event.preventDefault()
            // The button stays for the slide: pressed again, it has already been told.
            if (state !== 'shown') return
            window.localStorage.setItem(PROMO_DISMISSED_KEY, '1')
            postDismissal()
            const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
            setState(reducedMotion ? 'gone' : 'closing')
          }}
        >
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button
            type="submit"
            className="flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/10"
            aria-label="Dismiss promotion"
          >
            <Icon name="x" className="h-5 w-5" />
          </button>
        </Form>
      </div>
    </div>
  )
}
