import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { OfficeSection } from '~/office/office-parts'
import type { loader } from '~/routes/office.newsletter/newsletter.server'

export { loader } from '~/routes/office.newsletter/newsletter.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Newsletter · Office', description: 'Newsletter subscribers.' })

export default function OfficeNewsletterRoute() {
  const { subscribers } = useLoaderData<typeof loader>()
  return (
    <OfficeSection title="Newsletter">
      <p className="mt-4 text-lg text-ink-900">
        <span className="text-3xl font-bold">{subscribers}</span> {subscribers === 1 ? 'subscriber' : 'subscribers'}
      </p>
      <p className="mt-2 max-w-2xl text-ink-700">
        Each address was confirmed by its owner with the link we e-mailed it; an address still waiting for that is neither counted nor listed. A mailing to an address must carry its own unsubscribe link, which the list gives beside it.
      </p>
      <a href="/office/newsletter.csv" className="btn-primary mt-6" download>
        Download the list (CSV)
      </a>
    </OfficeSection>
  )
}
