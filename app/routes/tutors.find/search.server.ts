// What /tutors/find loads: the search its query string asks for.
import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { redirect } from '~/http/responses.server'
import type { SearchResultsData } from '~/routes/tutors.find/tutor-search-results'
import { getPage, pathForSlug } from '~/content/pages.server'
import { contentShareTags } from '~/content/share-tags.server'
import { getEnv } from '~/env.server'
import { sharedPage } from '~/http/cache-control.server'
import { ERRORS } from '~/messages'
import { parseSearchParams, runSearch, searchQueryString } from '~/tutors/search'
import { getCatalogue, toTutorCard } from '~/tutors/catalogue.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const filters = parseSearchParams(params)
  // A search sent without JavaScript carries its empty fields too; answer with the clean URL.
  if ([...params.values()].some((value) => value === '')) throw redirect(`/tutors/find${searchQueryString(filters)}`)
  const page = await getPage('tutors/find')
  // The search's canonical URL keeps only the filters it understands, in a fixed order (root.tsx's
  // link and the share tags' og:url).
  const shareAt = (query: string) => contentShareTags(getEnv().siteUrl, pathForSlug(page.slug), page.frontmatter, query)
  try {
    const now = new Date()
    const found = runSearch(await getCatalogue(now), filters, now)
    const result: SearchResultsData = { ...found, tutors: found.tutors.map((tutor) => toTutorCard(tutor, now)) }
    // A search by typed text is one visitor's, and not for search engines: its address carries the
    // visitor's words, so anyone could have them index pages of their own text. A search by the
    // listed filters is everyone's.
    const query = searchQueryString({ ...filters, page: found.page })
    const indexable = !filters.q
    return json({ page, filters, result, error: null, canonicalQuery: query, indexable, share: shareAt(query) }, indexable ? sharedPage(request, query) : undefined)
  } catch (error) {
    console.error('tutor search failed', error)
    const query = searchQueryString(filters)
    return json({ page, filters, result: null, error: ERRORS.searchFailed, canonicalQuery: query, indexable: !filters.q, share: shareAt(query) })
  }
}
