import { useActionData, useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/components/content-page'
import { TutorApplicationFormSection, type TutorApplicationActionData } from '~/components/tutor-application-form'
import type { loader } from '~/route-handlers/tutors.apply.server'

export { loader, action } from '~/route-handlers/tutors.apply.server'
export { contentMeta as meta } from '~/components/content-page'

export default function TutorApplyRoute() {
  const { page } = useLoaderData<typeof loader>()
  const data = useActionData<TutorApplicationActionData>()
  return (
    <ContentPage page={page}>
      <TutorApplicationFormSection data={data} />
    </ContentPage>
  )
}
