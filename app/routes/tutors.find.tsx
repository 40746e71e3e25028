import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/components/content-page'
import { TutorSearchForm } from '~/components/tutor-search-form'
import { TutorSearchResults, type SearchResultsData } from '~/components/tutor-search-results'
import { getData, getPage } from '~/content.server'
import { ERRORS } from '~/messages'
import { parseSearchParams, runSearch, searchQueryString } from '~/tutor-search'
import { toTutorCard } from '~/tutor-catalogue.server'

export { contentMeta as meta } from '~/components/content-page'

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const filters = parseSearchParams(params)
  // A search sent without JavaScript carries its empty fields too; answer with the clean URL.
  if ([...params.values()].some((value) => value === '')) throw redirect(`/tutors/find${searchQueryString(filters)}`)
  const page = await getPage('tutors/find')
  try {
    const now = new Date()
    const found = runSearch(await getData('tutors'), filters, now)
    const result: SearchResultsData = { ...found, tutors: found.tutors.map((tutor) => toTutorCard(tutor, now)) }
    return json({ page, filters, result, error: null })
  } catch (error) {
    console.error('tutor search failed', error)
    return json({ page, filters, result: null, error: ERRORS.searchFailed })
  }
}

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
