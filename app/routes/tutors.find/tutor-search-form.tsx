import { Form, Link, useLocation, useNavigate, useNavigation, useNavigationType } from '@remix-run/react'
import { useEffect, useRef, type FormEvent } from 'react'

import { CONTROL } from '~/forms/field-style'
import { FilterSelect } from '~/forms/filter-select'
import { Icon } from '~/components/icon'
import { SEARCH_OPTIONS } from '~/tutors/options'
import { hasFilters, searchQueryString, type SearchFilters } from '~/tutors/search'

/** The form's values as a clean search URL: only non-empty values (spec §4). */
function searchUrl(form: HTMLFormElement) {
  const values = Object.fromEntries([...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  return `/tutors/find${searchQueryString(values as Partial<SearchFilters>)}`
}

// What the form marks its own searches with in the history entry's state.
const FORM_SEARCH = { fromSearchForm: true }

/**
 * The search form of /tutors/find. It is a GET form, so without JavaScript every
 * search is a plain URL; with it, searching is a client-side navigation and a
 * changed select searches at once, with everything the form shows: the last choice wins.
 */
export function TutorSearchForm({ filters }: { filters: SearchFilters }) {
  const navigate = useNavigate()
  const location = useLocation()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/tutors/find'
  const formRef = useRef<HTMLFormElement>(null)

  // The form stays in place between searches, so the control a keyboard user is on keeps
  // the focus. When the URL changes under it (Back, Forward, Clear All, a link) it shows that
  // search. Its own searches leave the controls alone (issue 30): they already show the visitor's
  // latest choice, which may be newer than the search whose results just arrived.
  const navigationType = useNavigationType()
  const ownSearch = navigationType !== 'POP' && (location.state as typeof FORM_SEARCH | null)?.fromSearchForm === true
  const { q = '', subject = '', level = '', availability = '', rating = '', mode = '', sort } = filters
  useEffect(() => {
    const controls = formRef.current?.elements
    if (!controls || ownSearch) return
    for (const [name, value] of Object.entries({ q, subject, level, availability, rating, mode, sort })) {
      const control = controls.namedItem(name)
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) control.value = value
    }
  }, [location.key, ownSearch, q, subject, level, availability, rating, mode, sort])

  // The Search button is disabled while busy (spec §4), and a disabled button loses the keyboard's
  // focus to the page: a keyboard user would start again from the top. It gets the focus back when
  // the results arrive, unless the visitor has moved it meanwhile.
  const submitRef = useRef<HTMLButtonElement>(null)
  const searchedFromButton = useRef(false)
  useEffect(() => {
    if (searching || !searchedFromButton.current) return
    searchedFromButton.current = false
    if (document.activeElement === document.body) submitRef.current?.focus()
  }, [searching])

  // autoComplete off stops the browser restoring stale choices on Back without JavaScript.
  // Searching again for what is already shown replaces the history entry, so Back leaves the search.
  // The page stays where it is: on a phone the results begin below the form, and a jump to the top
  // of the page would show neither them nor the form the visitor was using.
  const go = (url: string) => navigate(url, { replace: url === location.pathname + location.search, state: FORM_SEARCH, preventScrollReset: true })
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    searchedFromButton.current = document.activeElement === submitRef.current
    go(searchUrl(event.currentTarget))
  }
  const searchOnSelect = (event: FormEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement) go(searchUrl(event.currentTarget))
  }

  return (
    <Form ref={formRef} method="get" action="/tutors/find" onSubmit={search} onChange={searchOnSelect} role="search" aria-label="Tutor search" autoComplete="off" className="card">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-4">
          <label htmlFor="search-q" className="block text-sm font-medium text-ink-900">
            Name, subject, topic or area
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={filters.q ?? ''}
            placeholder="e.g. Shakespeare, Islington"
            className={`${CONTROL} h-11`}
          />
        </div>
        <FilterSelect label="Subject" name="subject" options={SEARCH_OPTIONS.subjects} value={filters.subject} anyLabel="Any subject" />
        <FilterSelect label="Level" name="level" options={SEARCH_OPTIONS.levels} value={filters.level} anyLabel="Any level" />
        <FilterSelect label="Availability" name="availability" options={SEARCH_OPTIONS.availability} value={filters.availability} anyLabel="Any time" />
        <FilterSelect label="Rating" name="rating" options={SEARCH_OPTIONS.ratings} value={filters.rating} anyLabel="Any rating" />
        <FilterSelect label="Lessons" name="mode" options={SEARCH_OPTIONS.modes} value={filters.mode} anyLabel="Online or in person" />
        <FilterSelect label="Sort by" name="sort" options={SEARCH_OPTIONS.sorts} value={filters.sort} anyLabel="" />
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button ref={submitRef} type="submit" className="btn-primary disabled:cursor-wait disabled:opacity-80" disabled={searching}>
          <Icon name="search" className="h-4 w-4" />
          {searching ? 'Searching...' : 'Search'}
        </button>
        {hasFilters(filters) ? (
          <Link to="/tutors/find" preventScrollReset className="btn-secondary">
            Clear All
          </Link>
        ) : null}
      </div>
    </Form>
  )
}
