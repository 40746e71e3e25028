import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/content/content-page'
import { FormNotice } from '~/forms/fields'
import type { DashboardActionData, loader } from '~/routes/dashboard/dashboard.server'
import { ConfirmAddress, FamilyDashboard } from '~/routes/dashboard/family-dashboard'
import { OnlineChoice, TutorDashboard } from '~/routes/dashboard/tutor-dashboard'

export { action, loader } from '~/routes/dashboard/dashboard.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function DashboardRoute() {
  const { page, user, notice, family, tutor, tutorShowsOnline } = useLoaderData<typeof loader>()
  const answer = useActionData<DashboardActionData>()
  const firstName = user.name.split(/\s+/)[0]
  return (
    <ContentPage page={page} childrenFirst withBody={user.role === 'family'}>
      <section aria-labelledby="welcome" className="card mb-8">
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
        <div className="mt-6 flex flex-wrap gap-3">
          {user.role === 'staff' ? (
            <Link to="/office" className="btn-primary">
              Open the office
            </Link>
          ) : null}
          <Link to="/account" className="btn-secondary">
            Manage Your Account
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className="btn-secondary">
              Log out
            </button>
          </Form>
        </div>
      </section>
      <div className="mb-6 space-y-3">
        {notice ? <FormNotice tone="success">{notice}</FormNotice> : null}
        {answer?.notice ? (
          <FormNotice tone="success" focusOnShow>
            {answer.notice}
          </FormNotice>
        ) : null}
        {answer?.refusal ? <FormNotice tone="error">{answer.refusal}</FormNotice> : null}
      </div>
      {user.emailConfirmed ? null : <ConfirmAddress email={user.email} />}
      {tutor ? <TutorDashboard tutor={tutor} slotsError={answer?.fieldErrors?.slots} cancelling={answer?.cancelling} /> : null}
      {tutorShowsOnline === null ? null : <OnlineChoice showsOnline={tutorShowsOnline} />}
      {family ? <FamilyDashboard family={family} cancelling={answer?.cancelling} /> : null}
    </ContentPage>
  )
}
