import { useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/components/content-page'
import { TutorSearchForm } from '~/components/tutor-search-form'
import { TutorSearchResults } from '~/components/tutor-search-results'
import type { loader } from '~/route-handlers/tutors.find.server'

export { loader } from '~/route-handlers/tutors.find.server'
export { contentMeta as meta } from '~/components/content-page'

export default function TutorSearchRoute() {
  const { page, filters, result, error } = useLoaderData<typeof loader>()
  return (
    <ContentPage page={page} childrenFirst>
      <div className="mb-12">
        <TutorSearchForm filters={filters} />
        <TutorSearchResults filters={filters} result={result} error={error} />
      </div>
    </ContentPage>
  )
}
