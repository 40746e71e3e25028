import { Link, useLocation } from '@remix-run/react'
import { useState } from 'react'

import { useHydrated } from '~/components/use-hydrated'
import { TutorCard } from '~/tutors/tutor-card'
import type { TutorCardData } from '~/tutors/tutor'
import { ERRORS } from '~/messages'
import { RULES } from '~/site'
import { searchQueryString, type SearchFilters } from '~/tutors/search'

export type SearchResultsData = { tutors: TutorCardData[]; total: number; page: number; pageCount: number; perPage: number }

function Pagination({ filters, result }: { filters: SearchFilters; result: SearchResultsData }) {
  if (result.pageCount < 2) return null
  const pageLink = (page: number) => `/tutors/find${searchQueryString({ ...filters, page })}`
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {result.page > 1 ? (
        <Link to={pageLink(result.page - 1)} className="btn-secondary" rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-ink-700">
        Page {result.page} of {result.pageCount}
      </p>
      {result.page < result.pageCount ? (
        <Link to={pageLink(result.page + 1)} className="btn-secondary" rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

/**
 * The results of /tutors/find: a count read out politely, the cards, and paging. It stays
 * mounted between searches, because screen readers only announce a live region that was
 * already on the page when its text changed.
 */
export function TutorSearchResults({ filters, result, error }: { filters: SearchFilters; result: SearchResultsData | null; error: string | null }) {
  const { search } = useLocation()
  // The search whose error notice was dismissed; a new search shows its own.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null)
  // Dismissing needs JavaScript: without it the notice has no button that would do nothing.
  const hydrated = useHydrated()
  const first = result ? (result.page - 1) * result.perPage + 1 : 0
  const last = result ? first + result.tutors.length - 1 : 0
  const shortQuery = filters.q && filters.q.length < RULES.searchMinLength
  return (
    <section aria-labelledby="results-heading" className="mt-10">
      <h2 id="results-heading" className="text-2xl font-bold text-ink-900">
        Tutors
      </h2>
      <div role="status" className="mt-2 text-ink-700">
        {result && result.total > 0 ? (
          <p>
            Showing {first}–{last} of {result.total} {result.total === 1 ? 'tutor' : 'tutors'}
            {shortQuery ? ` (type at least ${RULES.searchMinLength} characters to search by name, subject, topic or area)` : ''}
          </p>
        ) : null}
        {result && result.total === 0 ? <p className="font-medium text-ink-900">{ERRORS.searchEmpty}</p> : null}
      </div>
      {error && dismissedFor !== search ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error}
          {hydrated ? (
            <button type="button" onClick={() => setDismissedFor(search)} className="rounded-full px-3 py-1 font-semibold underline underline-offset-4 hover:bg-red-100">
              Dismiss
            </button>
          ) : null}
        </div>
      ) : null}
      {result && result.tutors.length > 0 ? (
        <ul className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {result.tutors.map((tutor) => (
            <li key={tutor.id}>
              <TutorCard tutor={tutor} bookLabel="Book a Lesson" />
            </li>
          ))}
        </ul>
      ) : null}
      {result ? <Pagination filters={filters} result={result} /> : null}
    </section>
  )
}
