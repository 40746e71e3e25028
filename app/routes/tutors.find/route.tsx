import { useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/content/content-page'
import { TutorSearchForm } from '~/routes/tutors.find/tutor-search-form'
import { TutorSearchResults } from '~/routes/tutors.find/tutor-search-results'
import type { loader } from '~/routes/tutors.find/search.server'

export { loader } from '~/routes/tutors.find/search.server'
export { contentMeta as meta } from '~/content/page-meta'

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
