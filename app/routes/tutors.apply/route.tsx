import { useActionData, useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/content/content-page'
import { TutorApplicationFormSection } from '~/routes/tutors.apply/tutor-application-form'
import type { loader, TutorApplicationActionData } from '~/routes/tutors.apply/apply.server'

export { loader, action } from '~/routes/tutors.apply/apply.server'
export { contentMeta as meta } from '~/content/page-meta'

export default function TutorApplyRoute() {
  const { page } = useLoaderData<typeof loader>()
  const data = useActionData<TutorApplicationActionData>()
  return (
    <ContentPage page={page}>
      <TutorApplicationFormSection data={data} />
    </ContentPage>
  )
}
