import { Form, Link, useLocation } from '@remix-run/react'

import { SITE } from '~/site'

/**
 * Accept and Reject, equally prominent. Always a full document POST, even with
 * JavaScript: the answer changes the page's Content-Security-Policy (which admits
 * the booking partner's script only after Accept), and only a new document carries a new one.
 */
export function CookieConsentForm({ className = '' }: { className?: string }) {
  const location = useLocation()
  return (
    <Form method="post" action="/cookie-consent" reloadDocument className={`flex flex-wrap gap-3 ${className}`}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" name="consent" value="accepted" className="btn-primary min-w-28">
        Accept
      </button>
      <button type="submit" name="consent" value="rejected" className="btn-primary min-w-28">
        Reject
      </button>
    </Form>
  )
}

/**
 * Asked once, at the top of every page, until the visitor answers. On a phone it says the
 * same in fewer words and less padding, so the page's own heading still fits on the first
 * screen below it, the promotion and the header; /cookies says it in full.
 */
export function CookieBanner() {
  return (
    <section aria-labelledby="cookie-banner-title" className="border-b border-ink-200 bg-ink-50">
      <div className="page-container flex flex-col gap-3 py-3 sm:gap-4 sm:py-5 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-3xl">
          <h2 id="cookie-banner-title" className="text-sm font-semibold text-ink-900 sm:text-base">
            Cookies on {SITE.name}
          </h2>
          <p className="mt-1 text-sm text-ink-700 sm:leading-6">
            <span className="sm:hidden">
              We use essential cookies. May our home page also load our scheduling partner&apos;s booking button, which sets its
              own cookies?
            </span>
            <span className="hidden sm:inline">
              We use a few essential cookies to make this site work. With your permission, our home page also loads a booking
              button from our scheduling partner, which sets its own cookies.
            </span>{' '}
            <Link to="/cookies" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
              How we use cookies
            </Link>
          </p>
        </div>
        <CookieConsentForm className="flex-none" />
      </div>
    </section>
  )
}

/** Shown once, where the banner was, after the visitor answers without leaving the page. */
export function CookieChoiceNotice({ message }: { message: string }) {
  return (
    <div role="status" className="border-b border-ink-200 bg-ink-50">
      <p className="page-container py-3 text-sm text-ink-800">
        {message} You can change your choice at any time on our{' '}
        <Link to="/cookies" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
          cookies page
        </Link>
        .
      </p>
    </div>
  )
}
