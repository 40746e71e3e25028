import { Link, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'

import { Icon } from '~/components/icon'

// spec §8, word for word: what the root ErrorBoundary's pages say, read by the pages below and
// their <title>s. The /500 page's words live in its route, the only page that shows them.
export const PAGE_ERRORS = {
  forbidden: {
    title: 'Not Your Page',
    text: 'This page is for another kind of account: the office is for our staff, and a tutor sees only their own lessons. If you think you should see it, ask the office.',
  },
  notFound: {
    title: 'Page Not Found',
    text: "Oops! The page you're looking for doesn't exist or has been moved.",
  },
  unexpected: {
    title: 'Something Went Wrong',
    text: "We're sorry, but something unexpected happened. Please try refreshing the page or contact support if the problem persists.",
  },
} as const

export function ErrorLayout({ icon, code, title, text, children }: { icon: ReactNode; code?: string; title: string; text: string; children: ReactNode }) {
  return (
    <div className="page-container flex flex-col items-center py-20 text-center sm:py-28">
      <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">{icon}</div>
      {code ? <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-brand-700">Error {code}</p> : null}
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink-900 sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-xl text-lg text-ink-600">{text}</p>
      {children}
    </div>
  )
}

export const ERROR_ICON_SIZE = 'h-8 w-8'

export function NotFoundPage() {
  return (
    <ErrorLayout icon={<Icon name="compass" className={ERROR_ICON_SIZE} />} code="404" title={PAGE_ERRORS.notFound.title} text={PAGE_ERRORS.notFound.text}>
      <Link to="/" className="btn-primary mt-8">
        Go Home
      </Link>
      <nav aria-label="Popular pages" className="mt-10">
        <h2 className="text-sm font-semibold text-ink-900">Popular pages</h2>
        <ul className="mt-3 flex flex-wrap justify-center gap-3">
          {[
            { label: 'About Us', href: '/about' },
            { label: 'Subjects', href: '/subjects' },
            { label: 'Our Tutors', href: '/tutors' },
            { label: 'Pricing', href: '/pricing' },
          ].map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="btn-secondary">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </ErrorLayout>
  )
}

/** 403: signed in, but this page is for another role (the office) or another account (another tutor's request). */
export function ForbiddenPage() {
  return (
    <ErrorLayout icon={<Icon name="shield-check" className={ERROR_ICON_SIZE} />} code="403" title={PAGE_ERRORS.forbidden.title} text={PAGE_ERRORS.forbidden.text}>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/dashboard" className="btn-primary">
          Your dashboard
        </Link>
        <Link to="/contact" className="btn-secondary">
          Contact the office
        </Link>
      </div>
    </ErrorLayout>
  )
}

// A plain <a> (not <Link>) to the current URL is a full document load: a real
// reload, with or without JavaScript.
export function useCurrentUrl() {
  const location = useLocation()
  return location.pathname + location.search
}

export function UnexpectedErrorPage() {
  const currentUrl = useCurrentUrl()
  return (
    <ErrorLayout icon={<Icon name="alert-triangle" className={ERROR_ICON_SIZE} />} title={PAGE_ERRORS.unexpected.title} text={PAGE_ERRORS.unexpected.text}>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={currentUrl} className="btn-primary">
          Refresh Page
        </a>
        <a href="/" className="btn-secondary">
          Go Home
        </a>
        <a href="/contact" className="btn-secondary">
          Contact Support
        </a>
      </div>
    </ErrorLayout>
  )
}

// A content error names its file and field: `content/pages/about.mdx: frontmatter.title is
// required`, one problem a line. Only development shows it to the page; in production Remix
// replaces every error's message, so visitors see "Something Went Wrong" and no detail.
const CONTENT_PROBLEM = /^\S[^\n]*\.(?:mdx|json): /

/** The problems a content error reports, or null when the error is something else. */
export function contentProblems(error: unknown): string[] | null {
  if (!(error instanceof Error) || !CONTENT_PROBLEM.test(error.message)) return null
  return error.message.split('\n').filter((line) => line.trim() !== '')
}

/** For editors running `npm run dev`: what is wrong in which content file, and what to do. */
export function ContentErrorPage({ problems }: { problems: string[] }) {
  return (
    <ErrorLayout
      icon={<Icon name="alert-triangle" className={ERROR_ICON_SIZE} />}
      title="This page's content has a problem"
      text="Fix the file and field named below, then save: the page reloads with your change. Only development shows this; visitors see “Something Went Wrong”."
    >
      <ul className="mt-8 w-full max-w-3xl space-y-2 text-left">
        {problems.map((problem) => (
          <li key={problem} className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-mono text-sm text-red-900 [overflow-wrap:anywhere]">
            {problem}
          </li>
        ))}
      </ul>
    </ErrorLayout>
  )
}
