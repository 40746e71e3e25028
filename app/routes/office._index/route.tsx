import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { OfficeSection } from '~/office/office-parts'
import type { loader } from '~/routes/office._index/overview.server'

export { loader } from '~/routes/office._index/overview.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Office', description: 'Where staff read and answer what the site collects.' })

export default function OfficeOverviewRoute() {
  const { counts } = useLoaderData<typeof loader>()
  const waiting = [
    { to: '/office/messages?status=new', count: counts.messages, counted: ['new message', 'new messages'] },
    { to: '/office/lessons?status=requested', count: counts.lessons, counted: ['lesson request to confirm or decline', 'lesson requests to confirm or decline'] },
    { to: '/office/applications?status=new', count: counts.applications, counted: ['new tutor application', 'new tutor applications'] },
  ] as const
  return (
    <OfficeSection title="Waiting for an answer">
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {waiting.map((item) => (
          <li key={item.to} className="card">
            <Link to={item.to} className="block text-brand-700 underline-offset-4 hover:underline">
              <span className="block text-3xl font-bold text-ink-900">{item.count}</span>
              {item.count === 1 ? item.counted[0] : item.counted[1]}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 max-w-3xl text-ink-700">
        Every item keeps a line of who changed it and when. The office is also e-mailed each new message, lesson request, application and
        class place; replying to that e-mail answers the visitor.
      </p>
    </OfficeSection>
  )
}
