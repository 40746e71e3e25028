import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'

import { ERROR_ICON_SIZE, ErrorLayout, useCurrentUrl } from '~/components/error-pages'
import { Icon } from '~/components/icon'
import { pageMeta } from '~/content/page-meta'

// spec §8, word for word.
const SERVER_ERROR = {
  title: 'Server Error',
  text: "We're experiencing technical difficulties. Our team has been notified and is working to fix the issue.",
  tips: ['Wait a few minutes and try again', 'Check your internet connection', 'Contact support if the problem continues'],
} as const

export const meta: MetaFunction = () => pageMeta({ title: SERVER_ERROR.title, description: SERVER_ERROR.text })

// spec §8: the server error page, at its own address. Only this route shows it (an error
// while serving a page shows the root ErrorBoundary's page), so it lives here.
export default function ServerErrorPage() {
  const currentUrl = useCurrentUrl()
  return (
    <ErrorLayout icon={<Icon name="server-crash" className={ERROR_ICON_SIZE} />} code="500" title={SERVER_ERROR.title} text={SERVER_ERROR.text}>
      <div className="mt-6 max-w-md rounded-2xl border border-ink-200 bg-ink-50 p-5 text-left">
        <h2 className="font-semibold text-ink-900">What you can do</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-700">
          {SERVER_ERROR.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={currentUrl} className="btn-primary">
          Try Again
        </a>
        <Link to="/" className="btn-secondary">
          Go Home
        </Link>
        <Link to="/contact" className="btn-secondary">
          Contact Support
        </Link>
      </div>
    </ErrorLayout>
  )
}
