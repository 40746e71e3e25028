import { useActionData, useLoaderData } from '@remix-run/react'

import { SectionCard } from '~/components/section-card'
import { ContentPage } from '~/content/content-page'
import { FormNotice } from '~/forms/fields'
import { AccountDetailsForms, LearnerProfileForm } from '~/routes/account/account-forms'
import type { AccountActionData, loader } from '~/routes/account/account.server'
import { DeleteAccount } from '~/routes/account/delete-account'

export { action, loader } from '~/routes/account/account.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function AccountRoute() {
  const { page, user, pendingEmail, notice, profile } = useLoaderData<typeof loader>()
  const answer = useActionData<AccountActionData>()
  return (
    <ContentPage page={page} childrenFirst>
      {notice ? (
        <div className="mb-6">
          <FormNotice tone="success">{notice}</FormNotice>
        </div>
      ) : null}
      {profile ? <LearnerProfileForm profile={profile} answer={answer} /> : null}
      <AccountDetailsForms user={user} pendingEmail={pendingEmail} answer={answer} />
      <SectionCard id="your-data" title="A copy of your data">
        <p className="mt-2 text-ink-700">
          One file (JSON) with everything we hold about your account: your details and profile, your lesson requests and what happened to them, your class places and your newsletter subscription.
        </p>
        <a href="/account/data.json" download className="btn-secondary mt-4">
          Download My Data
        </a>
      </SectionCard>
      <DeleteAccount answer={answer} />
    </ContentPage>
  )
}
