import type { LinksFunction, MetaFunction } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'

import { ContentErrorPage, contentProblems, ForbiddenPage, NotFoundPage, PAGE_ERRORS, UnexpectedErrorPage } from '~/components/error-pages'
import { PromoBanner } from '~/components/promo-banner'
import { SiteFooter } from '~/components/site-footer'
import { NewsletterForm } from '~/forms/newsletter-form'
import { SiteHeader } from '~/components/site-header'
import { SiteNotice } from '~/components/site-notice'
import { CookieBanner, CookieChoiceNotice } from '~/components/cookie-banner'
import { useNonce } from '~/http/nonce'
import { pageMeta } from '~/content/page-meta'
import { canonicalPathname, isIndexedPath } from '~/site'
import type { loadRootData } from '~/root.server'
import stylesheet from '~/tailwind.css'

export const links: LinksFunction = () => [
  { rel: 'preload', href: '/fonts/inter-latin1-400-700.woff2', as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export { loadRootData as loader } from '~/root.server'

// Without JavaScript the menu button cannot toggle, so a plain link to the menu takes its
// place and the menu opens as the page's target; closed, it leaves the first screen to the
// page. The header scrolls away with the page rather than keep an open menu over the content.
const NO_SCRIPT_STYLE =
  '@media (max-width:1279px){.mobile-menu:target{display:block!important}.mobile-menu-toggle{display:none!important}.mobile-menu-link{display:flex!important}.site-chrome{position:static!important}}'

/**
 * A full page load starts the keyboard and screen readers at the top of the new page; a
 * client-side navigation would leave the focus on a link that is gone. So when the page
 * (not just its query or hash, as in a search) changes, the focus moves to the main content.
 */
function useFocusOnNewPage(pathname: string) {
  const shownPathname = useRef(pathname)
  useEffect(() => {
    if (shownPathname.current === pathname) return
    shownPathname.current = pathname
    document.getElementById('main')?.focus({ preventScroll: true })
  }, [pathname])
}

/**
 * One address per page for search engines: a page of the site carries its canonical URL, its path
 * as our links write it and the query its loader names as `canonicalQuery` if any (the search: the
 * filters it understands, in a fixed order). A page of one person or one link's token, an error page,
 * a page without data of its own, one asked for with a percent escape (which our paths never need),
 * or one whose loader says `indexable: false` carries `noindex` instead.
 */
function SearchEngineTags({ siteUrl }: { siteUrl: string | undefined }) {
  const matches = useMatches()
  const { pathname } = useLocation()
  const leaf = matches.at(-1)
  const path = canonicalPathname(pathname)
  const { canonicalQuery, indexable } = (leaf?.data ?? {}) as { canonicalQuery?: unknown; indexable?: unknown }
  if (!siteUrl || !leaf || leaf.id === 'root' || leaf.data == null || indexable === false || pathname.includes('%') || !isIndexedPath(path)) return <meta name="robots" content="noindex" />
  return <link rel="canonical" href={`${siteUrl}${path}${typeof canonicalQuery === 'string' ? canonicalQuery : ''}`} />
}

export function Layout({ children }: { children: ReactNode }) {
  // Marks the document once React has hydrated it and run its effects (the page's and
  // the error pages' alike), so end-to-end tests know when keys reach React's handlers.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  const data = useRouteLoaderData<typeof loadRootData>('root')
  const nonce = useNonce()
  // The cookies page asks the same question in its own words, so the banner stays away there.
  const location = useLocation()
  useFocusOnNewPage(location.pathname)
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3730a3" />
        <Meta />
        <SearchEngineTags siteUrl={data?.siteUrl} />
        <Links />
        <noscript>
          <style>{NO_SCRIPT_STYLE}</style>
        </noscript>
      </head>
      <body className="flex min-h-screen flex-col font-sans">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-brand-700 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:px-4 focus:py-2"
        >
          Skip to main content
        </a>
        {data?.consentNotice ? (
          <CookieChoiceNotice message={data.consentNotice} />
        ) : data?.asksConsent && !data.consent && location.pathname !== '/cookies' ? (
          <CookieBanner />
        ) : null}
        {data?.accountNotice ? <SiteNotice message={data.accountNotice} /> : null}
        <PromoBanner dismissed={Boolean(data?.promoDismissed)} />
        <SiteHeader signedIn={Boolean(data?.signedInAs)} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter year={data?.year ?? new Date().getFullYear()} newsletter={<NewsletterForm notice={data?.newsletterNotice ?? null} />} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />
  // Only development shows content problems (in production Remix hides every error's message),
  // so this is compiled out of the production scripts.
  if (process.env.NODE_ENV === 'development') {
    const problems = contentProblems(error)
    if (problems) return <ContentErrorPage problems={problems} />
  }
  // The cause is logged on the server; visitors never see error details.
  return <UnexpectedErrorPage />
}

export const meta: MetaFunction = ({ error }) => {
  if (!error) return pageMeta(null)
  const status = isRouteErrorResponse(error) ? error.status : 500
  const words = status === 404 ? PAGE_ERRORS.notFound : status === 403 ? PAGE_ERRORS.forbidden : PAGE_ERRORS.unexpected
  return pageMeta({ title: words.title, description: words.text })
}
