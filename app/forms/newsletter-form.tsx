import { Link, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { useHydrated } from '~/components/use-hydrated'
import { Honeypot } from '~/forms/honeypot'
import { ENHANCED_FIELD } from '~/http/enhanced-post'
import type { NewsletterResult } from '~/forms/newsletter'

// The browser's own check lets through what our rule (forms/rules.ts) refuses: an address with no dot in
// its domain (`ann@example`, the usual slip), `%` or `?` in it, a mailbox name over 64 characters. Without
// JavaScript the server's answer comes back on a page that cannot keep what was typed; refused in the box,
// the text stays there to correct. One character class between each dot, so the pattern cannot backtrack.
// The browser shows its own words, with the box's title: a format to follow, not an error, as it is also
// the box's tooltip.
const EMAIL_WITH_DOMAIN_ENDING = '[^@%?]{1,64}@[^@.]+(\\.[^@.]+)+'

/**
 * The box's id: a visitor without JavaScript is sent back to it, where the answer is. Kept here, not
 * with the schema, so the footer on every page does not bring the form rules' code with it.
 */
export const NEWSLETTER_BOX_ID = 'newsletter'

/** The footer's newsletter box: a real POST; with JavaScript it stays on the page. */
export function NewsletterForm({ notice }: { notice: NewsletterResult | null }) {
  const fetcher = useFetcher<NewsletterResult>({ key: 'newsletter' })
  const location = useLocation()
  const formRef = useRef<HTMLFormElement>(null)
  const busy = fetcher.state !== 'idle'
  const result = fetcher.data ?? notice
  const hydrated = useHydrated()

  const statusRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) formRef.current?.reset()
    // The answer is under the box, at the foot of the page: on a phone it can fall just below the screen.
    statusRef.current?.scrollIntoView({ block: 'nearest' })
  }, [fetcher.state, fetcher.data])

  return (
    <fetcher.Form ref={formRef} id={NEWSLETTER_BOX_ID} method="post" action="/newsletter" className="relative mt-8 max-w-sm scroll-mt-28">
      <h2 className="text-sm font-semibold uppercase tracking-wider text-white">
        <label htmlFor="newsletter-email">Newsletter</label>
      </h2>
      <p id="newsletter-hint" className="mt-2 text-sm text-ink-300">
        Study tips and news of free classes, about once a month. Unsubscribe at any time with the link in every
        e-mail.{' '}
        <Link to="/privacy" className="underline underline-offset-2 hover:text-white">
          How we use your address
        </Link>
      </p>
      <Honeypot />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null}
      <div className="mt-3 flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          maxLength={254}
          pattern={EMAIL_WITH_DOMAIN_ENDING}
          title="An e-mail address such as name@example.com"
          autoComplete="email"
          placeholder="you@example.com"
          aria-describedby="newsletter-hint newsletter-status"
          aria-invalid={result && !result.ok ? true : undefined}
          disabled={busy}
          className="h-11 min-w-0 flex-1 rounded-full border border-white/60 bg-white/10 px-4 text-sm text-white placeholder:text-ink-300 focus:border-white"
        />
        <button type="submit" disabled={busy} className="btn-sun flex-none disabled:opacity-70">
          {busy ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <p ref={statusRef} id="newsletter-status" role="status" className="mt-2 min-h-[1.25rem] text-sm text-sun-300">
        {result?.message}
      </p>
    </fetcher.Form>
  )
}
