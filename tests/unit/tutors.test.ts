import { expect, test } from 'vitest'

import { formatPrice } from '~/content/price'
import { formatLondonTime } from '~/london-time'
import { nextAvailable, upcomingSlots } from '~/tutors/slots'
import { formatExperience } from '~/content/experience'
import { tutorCardWords } from '~/content/share-card-words'
import { isTopRated, type Tutor } from '~/tutors/tutor'

const weekdayEvenings: Pick<Tutor, 'availability'> = {
  availability: [
    { day: 'Mon', times: ['16:00', '18:00'] },
    { day: 'Thu', times: ['09:00'] },
  ],
}

// Saturday 22 November 2025, 15:00 in London (GMT, UTC+0).
const saturdayAfternoon = new Date('2025-11-22T15:00:00Z')

test('prices are written P and the hourly amount (spec §3)', () => {
  expect(formatPrice(510)).toBe('P510')
})

test('one year of experience is a year, not "1 years"', () => {
  expect(formatExperience(1)).toBe('1 year')
  expect(formatExperience(14)).toBe('14 years')
  const tutor = { name: 'Ann Tutor', subject: 'Physics' as const, levels: ['A-Level' as const], rating: 4.8, experienceYears: 1 }
  expect(tutorCardWords(tutor).text).toContain(', 1 year of experience.')
})

test('Top Rated starts at 4.8 (spec §9)', () => {
  expect(isTopRated({ rating: 4.7 })).toBe(false)
  expect(isTopRated({ rating: 4.8 })).toBe(true)
  expect(isTopRated({ rating: 4.9 })).toBe(true)
})

test('next available reads Today, Tomorrow or a short date, in London time', () => {
  const sundayNight = new Date('2025-11-23T21:00:00Z')
  expect(nextAvailable(weekdayEvenings, sundayNight)).toBe('Tomorrow, 4:00 PM')
  const mondayLunch = new Date('2025-11-24T12:00:00Z')
  expect(nextAvailable(weekdayEvenings, mondayLunch)).toBe('Today, 4:00 PM')
  expect(nextAvailable(weekdayEvenings, saturdayAfternoon)).toBe('Mon 24 Nov, 4:00 PM')
})

test('the hour after noon reads 12, not 0, and so does the hour after midnight', () => {
  // Intl's en-GB 12-hour clock writes noon "0:00 pm"; five sample tutors offer a noon slot.
  expect(formatLondonTime(new Date('2025-11-24T12:00:00Z'))).toBe('12:00 PM')
  expect(formatLondonTime(new Date('2025-06-23T11:30:00Z'))).toBe('12:30 PM')
  expect(formatLondonTime(new Date('2025-11-24T00:30:00Z'))).toBe('12:30 AM')
  expect(formatLondonTime(new Date('2025-11-24T13:00:00Z'))).toBe('1:00 PM')
  const saturdayNoon = { availability: [{ day: 'Sat' as const, times: ['12:00'] }] }
  expect(nextAvailable(saturdayNoon, new Date('2025-11-22T09:00:00Z'))).toBe('Today, 12:00 PM')
})

test('a slot that has started is no longer free', () => {
  const mondayHalfFour = new Date('2025-11-24T16:30:00Z')
  expect(nextAvailable(weekdayEvenings, mondayHalfFour)).toBe('Today, 6:00 PM')
})

test('slots follow British Summer Time: 4:00 PM in June is 15:00 UTC', () => {
  const juneSunday = new Date('2025-06-22T12:00:00Z')
  const [first] = upcomingSlots(weekdayEvenings, juneSunday)
  expect(first?.start.toISOString()).toBe('2025-06-23T15:00:00.000Z')
})

test('the week ahead lists every free slot in order', () => {
  const slots = upcomingSlots(weekdayEvenings, saturdayAfternoon, 7)
  expect(slots.map((slot) => slot.start.toISOString())).toEqual([
    '2025-11-24T16:00:00.000Z',
    '2025-11-24T18:00:00.000Z',
    '2025-11-27T09:00:00.000Z',
  ])
})

// A tutor who gives a weekly class cannot give a lesson at the same time, whatever their weekly hours say.
test("a slot that overlaps one of the tutor's own weekly classes is not free", () => {
  const sundays = { availability: [{ day: 'Sun' as const, times: ['14:00', '15:00', '16:00', '17:00'] }], classes: [{ day: 'Sun' as const, time: '15:30', durationMinutes: 60 }] }
  const slots = upcomingSlots(sundays, saturdayAfternoon, 7)
  // Lessons are an hour: 15:00 would run into the class, 16:00 start during it; 14:00 ends as 15:30 nears, 17:00 starts after.
  expect(slots.map((slot) => slot.start.toISOString())).toEqual(['2025-11-23T14:00:00.000Z', '2025-11-23T17:00:00.000Z'])
})
