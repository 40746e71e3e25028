import { afterEach, expect, test, vi } from 'vitest'

import { hasFilters, parseSearchParams, runSearch, searchQueryString, searchTutors, type SearchFilters } from '~/tutors/search'
import type { Tutor } from '~/tutors/tutor'

function makeTutor(overrides: Partial<Tutor> & Pick<Tutor, 'id' | 'name'>): Tutor {
  return {
    subject: 'Physics',
    levels: ['A-Level'],
    rating: 4.7,
    experienceYears: 5,
    studentsTaught: 100,
    mode: 'Online',
    location: 'Camden, London',
    specialties: ['Mechanics', 'Electricity'],
    pricePerHour: 560,
    verified: true,
    featured: false,
    bio: 'Bio',
    qualifications: ['MPhys'],
    avatar: '/avatars/x.svg',
    availability: [{ day: 'Mon', times: ['16:00'] }],
    ...overrides,
  }
}

const amelia = makeTutor({ id: 'amelia', name: 'Amelia Hart', rating: 4.9, pricePerHour: 650, specialties: ['Mechanics', 'Astrophysics'] })
const rohan = makeTutor({ id: 'rohan', name: 'Rohan Mehta', subject: 'Chemistry', levels: ['IGCSE', 'A-Level'], rating: 4.8, mode: 'Both', location: 'Islington, London', specialties: ['Organic chemistry', 'Titrations'], pricePerHour: 600 })
const grace = makeTutor({ id: 'grace', name: 'Grace Adeyemi', subject: 'Mathematics', levels: ['Secondary', 'IGCSE'], rating: 4.6, mode: 'In-Person', location: 'Hackney, London', specialties: ['Algebra', 'Statistics'], pricePerHour: 510, availability: [{ day: 'Sun', times: ['10:00'] }] })
const tom = makeTutor({ id: 'tom', name: 'Tom Okafor', subject: 'English Literature', levels: ['Primary', 'Secondary'], rating: 4.75, mode: 'Online', location: 'Croydon, London', specialties: ['Shakespeare', 'Poetry'], pricePerHour: 675, availability: [{ day: 'Tue', times: ['09:00'] }] })
const catalogue = [amelia, rohan, grace, tom]

// Monday 24 November 2025, 12:00 in London (GMT).
const mondayNoon = new Date('2025-11-24T12:00:00Z')
const filters = (overrides: Partial<SearchFilters> = {}): SearchFilters => ({ sort: 'best', page: 1, ...overrides })
const names = (tutors: Tutor[]) => tutors.map((tutor) => tutor.name)

afterEach(() => vi.restoreAllMocks())

test('text search: an empty query returns all tutors', () => {
  expect(searchTutors(catalogue, '')).toHaveLength(4)
  expect(searchTutors(catalogue, '   ')).toHaveLength(4)
})

test('text search: a query shorter than 2 characters after trimming is ignored', () => {
  expect(searchTutors(catalogue, ' a ')).toHaveLength(4)
})

test('text search: case-insensitive substring of name, subject, location or any specialty', () => {
  expect(names(searchTutors(catalogue, 'HART'))).toEqual(['Amelia Hart'])
  expect(names(searchTutors(catalogue, 'chem'))).toEqual(['Rohan Mehta'])
  expect(names(searchTutors(catalogue, 'hackney'))).toEqual(['Grace Adeyemi'])
  expect(names(searchTutors(catalogue, 'shakespeare'))).toEqual(['Tom Okafor'])
  expect(searchTutors(catalogue, 'underwater basket weaving')).toEqual([])
})

test('text search: the query is trimmed first', () => {
  expect(names(searchTutors(catalogue, '  physics '))).toEqual(['Amelia Hart'])
})

test('search page: science covers Physics, Chemistry and Biology; english covers English Literature', () => {
  expect(names(runSearch(catalogue, filters({ subject: 'science' }), mondayNoon).tutors)).toEqual(['Amelia Hart', 'Rohan Mehta'])
  expect(names(runSearch(catalogue, filters({ subject: 'english' }), mondayNoon).tutors)).toEqual(['Tom Okafor'])
})

test('search page: subject and level together', () => {
  expect(names(runSearch(catalogue, filters({ subject: 'science', level: 'igcse' }), mondayNoon).tutors)).toEqual(['Rohan Mehta'])
})

test('search page: a rating threshold keeps tutors at or above it', () => {
  expect(names(runSearch(catalogue, filters({ rating: '4.8' }), mondayNoon).tutors)).toEqual(['Amelia Hart', 'Rohan Mehta'])
  expect(names(runSearch(catalogue, filters({ rating: '4.7' }), mondayNoon).tutors)).toEqual(['Amelia Hart', 'Rohan Mehta', 'Tom Okafor'])
  expect(names(runSearch(catalogue, filters({ rating: '4.9' }), mondayNoon).tutors)).toEqual(['Amelia Hart'])
  expect(runSearch(catalogue, filters({ rating: '4.5' }), mondayNoon).total).toBe(4)
})

test('availability: today, tomorrow and this week are London days counted from now', () => {
  // Monday noon: Mon 16:00 slots are today, Tue 09:00 tomorrow, Sun 10:00 within the week.
  expect(names(runSearch(catalogue, filters({ availability: 'today', sort: 'rating' }), mondayNoon).tutors)).toEqual(['Amelia Hart', 'Rohan Mehta'])
  expect(names(runSearch(catalogue, filters({ availability: 'tomorrow' }), mondayNoon).tutors)).toEqual(['Tom Okafor'])
  expect(runSearch(catalogue, filters({ availability: 'this-week' }), mondayNoon).total).toBe(4)
})

test('availability: after the last slot of the day, today is empty', () => {
  const mondayEvening = new Date('2025-11-24T17:30:00Z')
  expect(runSearch(catalogue, filters({ availability: 'today' }), mondayEvening).total).toBe(0)
})

test('availability: across midnight in London, tomorrow moves on by a day', () => {
  // 23:30 UTC on Monday is 23:30 Monday in London in November, but 00:30 Tuesday in June (BST).
  expect(names(runSearch(catalogue, filters({ availability: 'tomorrow' }), new Date('2025-11-24T23:30:00Z')).tutors)).toEqual(['Tom Okafor'])
  expect(names(runSearch(catalogue, filters({ availability: 'today' }), new Date('2025-06-23T23:30:00Z')).tutors)).toEqual(['Tom Okafor'])
})

test('availability: on Saturday, this week reaches past the weekend into the next week', () => {
  const saturday = new Date('2025-11-29T12:00:00Z')
  expect(names(runSearch(catalogue, filters({ availability: 'tomorrow' }), saturday).tutors)).toEqual(['Grace Adeyemi'])
  expect(runSearch(catalogue, filters({ availability: 'this-week' }), saturday).total).toBe(4)
})

test('sorting: best match puts name matches first, then rating; other sorts as named', () => {
  expect(names(runSearch(catalogue, filters({ q: 'london' }), mondayNoon).tutors)).toEqual(['Amelia Hart', 'Rohan Mehta', 'Tom Okafor', 'Grace Adeyemi'])
  expect(names(runSearch(catalogue, filters({ q: 'ma' }), mondayNoon).tutors)[0]).toBe('Grace Adeyemi')
  expect(names(runSearch(catalogue, filters({ sort: 'price-asc' }), mondayNoon).tutors)).toEqual(['Grace Adeyemi', 'Rohan Mehta', 'Amelia Hart', 'Tom Okafor'])
  expect(names(runSearch(catalogue, filters({ sort: 'price-desc' }), mondayNoon).tutors)[0]).toBe('Tom Okafor')
  expect(names(runSearch(catalogue, filters({ sort: 'soonest' }), mondayNoon).tutors).slice(-2)).toEqual(['Tom Okafor', 'Grace Adeyemi'])
})

test('paging: at most 6 per page, with the total and the page count (spec §9)', () => {
  const many = Array.from({ length: 14 }, (_, index) => makeTutor({ id: `t${index}`, name: `Tutor ${String(index).padStart(2, '0')}` }))
  const first = runSearch(many, filters(), mondayNoon)
  expect(first).toMatchObject({ total: 14, page: 1, pageCount: 3, perPage: 6 })
  expect(first.tutors).toHaveLength(6)
  const last = runSearch(many, filters({ page: 3 }), mondayNoon)
  expect(last.tutors).toHaveLength(2)
  expect(runSearch(many, filters({ page: 99 }), mondayNoon).page).toBe(3)
})

test('the URL: unknown or malformed values count as unset', () => {
  const parsed = parseSearchParams(new URLSearchParams('subject=<script>&level=alevel&rating=abc&availability=later&page=-4&sort=cheapest'))
  expect(parsed).toEqual({ level: 'alevel', sort: 'best', page: 1, subject: undefined, availability: undefined, rating: undefined, mode: undefined, q: undefined })
  expect(hasFilters(parsed)).toBe(true)
  expect(hasFilters(parseSearchParams(new URLSearchParams('sort=rating&page=2')))).toBe(false)
})

test('the URL: only non-empty values are written, in a stable order', () => {
  expect(searchQueryString({ subject: 'science', level: undefined, q: '', sort: 'best', page: 1 })).toBe('?subject=science')
  expect(searchQueryString({ q: 'physics', rating: '4.8', sort: 'rating', page: 2 })).toBe('?q=physics&rating=4.8&sort=rating&page=2')
  expect(searchQueryString({})).toBe('')
})
