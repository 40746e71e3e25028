import { Form, useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/content/content-page'
import type { loader } from '~/routes/dashboard/dashboard.server'

export { headers, loader } from '~/routes/dashboard/dashboard.server'
export { contentMeta as meta } from '~/content/content-page'

export default function DashboardRoute() {
  const { page, user } = useLoaderData<typeof loader>()
  const firstName = user.name.split(/\s+/)[0]
  return (
    <ContentPage page={page} childrenFirst>
      <section aria-labelledby="welcome" className="card mb-10">
        <h2 id="welcome" className="text-2xl font-bold text-ink-900">
          Welcome, {firstName}!
        </h2>
        <dl className="mt-4 grid gap-3 text-ink-700 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-ink-600">Account email</dt>
            <dd className="font-medium text-ink-900 [overflow-wrap:anywhere]">{user.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-600">Member since</dt>
            <dd className="font-medium text-ink-900">{user.memberSince}</dd>
          </div>
        </dl>
        <Form method="post" action="/logout" className="mt-6">
          <button type="submit" className="btn-secondary">
            Log out
          </button>
        </Form>
      </section>
    </ContentPage>
  )
}
