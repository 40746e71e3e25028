// The tutor search (spec §5 "Text tutor search", §9 options).
// Pure: the loader passes the cached tutor list and the clock, so every rule is unit-tested.
import { RULES } from '~/site'
import { SEARCH_OPTIONS } from '~/tutors/options'
import type { Tutor } from '~/tutors/tutor'
import { createSlotCalendar, type Slot, type WeeklyTimes } from '~/tutors/slots'

type OptionValue<Options extends ReadonlyArray<{ value: string }>> = Options[number]['value']

export type SubjectOption = OptionValue<typeof SEARCH_OPTIONS.subjects>
export type LevelOption = OptionValue<typeof SEARCH_OPTIONS.levels>
export type AvailabilityOption = OptionValue<typeof SEARCH_OPTIONS.availability>
export type RatingOption = OptionValue<typeof SEARCH_OPTIONS.ratings>
export type ModeOption = OptionValue<typeof SEARCH_OPTIONS.modes>
export type SortOption = OptionValue<typeof SEARCH_OPTIONS.sorts>

export type SearchFilters = {
  subject?: SubjectOption
  level?: LevelOption
  availability?: AvailabilityOption
  rating?: RatingOption
  mode?: ModeOption
  q?: string
  sort: SortOption
  page: number
}

// A subject option covers a family of tutor subjects: science is Physics, Chemistry and Biology.
const SUBJECT_FAMILIES: Record<SubjectOption, readonly Tutor['subject'][]> = {
  science: ['Physics', 'Chemistry', 'Biology'],
  math: ['Mathematics'],
  english: ['English Literature', 'English Language', 'Early Literacy'],
}

const LEVELS: Record<LevelOption, Tutor['levels'][number]> = {
  primary: 'Primary',
  secondary: 'Secondary',
  igcse: 'IGCSE',
  alevel: 'A-Level',
  university: 'University',
}

const MODES: Record<ModeOption, Tutor['mode']> = { online: 'Online', 'in-person': 'In-Person' }

function includesIgnoringCase(text: string, part: string) {
  return text.toLowerCase().includes(part.toLowerCase())
}

/**
 * spec §5 "Text tutor search": an empty query returns all; one shorter than 2 characters
 * after trimming is ignored (all returned); otherwise a case-insensitive substring of the
 * name, subject, location or any specialty.
 */
export function searchTutors<T extends Tutor>(tutors: readonly T[], query: string): T[] {
  const text = query.trim()
  if (text.length < RULES.searchMinLength) return [...tutors]
  return tutors.filter((tutor) => [tutor.name, tutor.subject, tutor.location, ...tutor.specialties].some((field) => includesIgnoringCase(field, text)))
}

function pick<Value extends string>(options: ReadonlyArray<{ value: Value }>, raw: string | null): Value | undefined {
  return options.find((option) => option.value === raw)?.value
}

/** The search as the URL states it; unknown or malformed values count as unset. */
export function parseSearchParams(params: URLSearchParams): SearchFilters {
  const page = Number(params.get('page'))
  const q = (params.get('q') ?? '').trim().slice(0, 100)
  return {
    subject: pick(SEARCH_OPTIONS.subjects, params.get('subject')),
    level: pick(SEARCH_OPTIONS.levels, params.get('level')),
    availability: pick(SEARCH_OPTIONS.availability, params.get('availability')),
    rating: pick(SEARCH_OPTIONS.ratings, params.get('rating')),
    mode: pick(SEARCH_OPTIONS.modes, params.get('mode')),
    q: q === '' ? undefined : q,
    sort: pick(SEARCH_OPTIONS.sorts, params.get('sort')) ?? 'best',
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 1000) : 1,
  }
}

/** True when any filter narrows the list (the sort and page do not). */
export function hasFilters(filters: SearchFilters) {
  return Boolean(filters.subject || filters.level || filters.availability || filters.rating || filters.mode || filters.q)
}

/** The query string for a search: only non-empty values, in a stable order. */
export function searchQueryString(filters: Partial<SearchFilters>) {
  const params = new URLSearchParams()
  for (const key of ['q', 'subject', 'level', 'availability', 'rating', 'mode'] as const) {
    const value = filters[key]
    if (value) params.set(key, value)
  }
  if (filters.sort && filters.sort !== 'best') params.set('sort', filters.sort)
  if (filters.page && filters.page > 1) params.set('page', String(filters.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

const AVAILABILITY_DAYS: Record<AvailabilityOption, { from: number; to: number }> = {
  today: { from: 0, to: 0 },
  tomorrow: { from: 1, to: 1 },
  'this-week': { from: 0, to: 6 },
}

// Name matches rank above subject, specialty and location matches.
function matchRank(tutor: Tutor, q: string | undefined) {
  if (!q || q.length < RULES.searchMinLength) return 0
  if (includesIgnoringCase(tutor.name, q)) return 3
  if (includesIgnoringCase(tutor.subject, q)) return 2
  if (tutor.specialties.some((specialty) => includesIgnoringCase(specialty, q))) return 1
  return 0
}

function compareTutors<T extends Tutor>(sort: SortOption, q: string | undefined, slotsFor: (tutor: T) => Slot[]) {
  const byRating = (a: T, b: T) => b.rating - a.rating || a.name.localeCompare(b.name)
  switch (sort) {
    case 'rating':
      return byRating
    case 'price-asc':
      return (a: T, b: T) => a.pricePerHour - b.pricePerHour || byRating(a, b)
    case 'price-desc':
      return (a: T, b: T) => b.pricePerHour - a.pricePerHour || byRating(a, b)
    case 'soonest': {
      const soonest = (tutor: T) => slotsFor(tutor)[0]?.start.getTime() ?? Number.POSITIVE_INFINITY
      return (a: T, b: T) => soonest(a) - soonest(b) || byRating(a, b)
    }
    case 'best':
      return (a: T, b: T) => matchRank(b, q) - matchRank(a, q) || byRating(a, b)
  }
}

export type SearchResult<T extends Tutor = Tutor> = { tutors: T[]; total: number; page: number; pageCount: number; perPage: number }

/** Filters, sorts and pages the catalogue for /tutors/find (at most 6 per page, spec §9). */
export function runSearch<T extends Tutor & WeeklyTimes>(catalogue: readonly T[], filters: SearchFilters, now: Date): SearchResult<T> {
  const subjects = filters.subject ? SUBJECT_FAMILIES[filters.subject] : null
  const level = filters.level ? LEVELS[filters.level] : null
  const mode = filters.mode ? MODES[filters.mode] : null
  const window = filters.availability ? AVAILABILITY_DAYS[filters.availability] : null
  const minimumRating = filters.rating ? Number(filters.rating) : null
  // Each tutor's week is worked out once per search, for the filter and the sort alike.
  const calendar = createSlotCalendar(now, 7)
  const weeks = new Map<T, Slot[]>()
  const slotsFor = (tutor: T) => {
    let slots = weeks.get(tutor)
    if (!slots) {
      slots = calendar(tutor)
      weeks.set(tutor, slots)
    }
    return slots
  }

  const matching = searchTutors([...catalogue], filters.q ?? '').filter(
    (tutor) =>
      (!subjects || subjects.includes(tutor.subject)) &&
      (!level || tutor.levels.includes(level)) &&
      (!mode || tutor.mode === 'Both' || tutor.mode === mode) &&
      (minimumRating === null || tutor.rating >= minimumRating) &&
      (!window || slotsFor(tutor).some((slot) => slot.dayOffset >= window.from && slot.dayOffset <= window.to)),
  )
  const sorted = matching.sort(compareTutors(filters.sort, filters.q, slotsFor))
  const perPage = RULES.resultsPerPage
  const pageCount = Math.max(1, Math.ceil(sorted.length / perPage))
  const page = Math.min(filters.page, pageCount)
  return { tutors: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length, page, pageCount, perPage }
}
