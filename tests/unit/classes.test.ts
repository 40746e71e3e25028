import { describe, expect, test } from 'vitest'

import { ENGINES, withFreshDatabase } from './fresh-database'

import {
  classQueryString,
  formatSessionDay,
  formatSessionTime,
  matchesClassFilters,
  parseClassFilters,
  upcomingSessions,
  type ClassRecord,
} from '~/classes/timetable'


function weeklyClass(overrides: Partial<ClassRecord>): ClassRecord {
  return {
    id: 'maths-clinic',
    title: 'Maths clinic',
    summary: 'Problem solving.',
    subject: 'math',
    level: 'Secondary',
    tutorId: 'mei-chen',
    day: 'Mon',
    time: '16:00',
    durationMinutes: 60,
    kind: 'free',
    capacity: 20,
    ...overrides,
  }
}

describe('the timetable of the coming two weeks', () => {
  test('lists each weekly class on its two dates, soonest first, leaving out sessions that have started', () => {
    // Wednesday 25 November 2026, 4:30 PM in London (GMT).
    const now = new Date('2026-11-25T16:30:00Z')
    const sessions = upcomingSessions([weeklyClass({ id: 'wed', day: 'Wed', time: '16:00' }), weeklyClass({ id: 'thu', day: 'Thu' })], now)
    expect(sessions.map((session) => `${session.classId} ${session.date}`)).toEqual([
      'thu 2026-11-26',
      'wed 2026-12-02',
      'thu 2026-12-03',
    ])
  })

  test('keeps London wall-clock times across the end of British Summer Time', () => {
    // Tuesday 20 October 2026; clocks go back at 2:00 AM on Sunday 25 October.
    const now = new Date('2026-10-20T12:00:00Z')
    const classes = [weeklyClass({ id: 'tue', day: 'Tue', time: '17:00' }), weeklyClass({ id: 'sun', day: 'Sun', time: '10:00', durationMinutes: 45 })]
    const sessions = upcomingSessions(classes, now)
    expect(sessions.map((session) => [session.classId, session.date, session.start.toISOString()])).toEqual([
      ['tue', '2026-10-20', '2026-10-20T16:00:00.000Z'],
      ['sun', '2026-10-25', '2026-10-25T10:00:00.000Z'],
      ['tue', '2026-10-27', '2026-10-27T17:00:00.000Z'],
      ['sun', '2026-11-01', '2026-11-01T10:00:00.000Z'],
    ])
    expect(sessions.map((session) => `${formatSessionDay(session.start)}, ${formatSessionTime(session)}`)).toEqual([
      'Tuesday 20 October, 5:00 PM-6:00 PM',
      'Sunday 25 October, 10:00 AM-10:45 AM',
      'Tuesday 27 October, 5:00 PM-6:00 PM',
      'Sunday 1 November, 10:00 AM-10:45 AM',
    ])
  })

  test('keeps London wall-clock times across the start of British Summer Time', () => {
    // Clocks go forward at 1:00 AM on Sunday 29 March 2026.
    const sessions = upcomingSessions([weeklyClass({ day: 'Mon', time: '16:00' })], new Date('2026-03-24T12:00:00Z'))
    expect(sessions.map((session) => session.start.toISOString())).toEqual(['2026-03-30T15:00:00.000Z', '2026-04-06T15:00:00.000Z'])
  })

  test('counts London days, not UTC days, near midnight in summer', () => {
    const sessions = upcomingSessions([weeklyClass({ day: 'Tue', time: '09:00' })], new Date('2026-07-13T23:30:00Z'), 1)
    // 23:30 UTC is 00:30 on Tuesday 14 July in London, so today's 9:00 AM class is ahead.
    expect(sessions.map((session) => session.date)).toEqual(['2026-07-14'])
  })
})

describe('filtering the timetable by URL', () => {
  const subjects = ['math', 'science', 'english']

  test('reads a known subject and level and ignores anything else', () => {
    expect(parseClassFilters(new URLSearchParams('subject=math&level=alevel'), subjects)).toEqual({ subject: 'math', level: 'alevel' })
    expect(parseClassFilters(new URLSearchParams('subject=<script>&level=phd'), subjects)).toEqual({ subject: undefined, level: undefined })
  })

  test('a class matches when every filter given matches', () => {
    const physics = weeklyClass({ subject: 'science', level: 'A-Level' })
    expect(matchesClassFilters(physics, {})).toBe(true)
    expect(matchesClassFilters(physics, { subject: 'science', level: 'alevel' })).toBe(true)
    expect(matchesClassFilters(physics, { subject: 'science', level: 'igcse' })).toBe(false)
    expect(matchesClassFilters(physics, { subject: 'math' })).toBe(false)
  })

  test('writes only the filters that are set', () => {
    expect(classQueryString({})).toBe('')
    expect(classQueryString({ level: 'primary' })).toBe('?level=primary')
    expect(classQueryString({ subject: 'english', level: 'primary' })).toBe('?subject=english&level=primary')
  })
})

describe.each(ENGINES)("a tutor's lessons and classes, on %s", (engine) => {
  withFreshDatabase(`class-lessons-${engine}`, {}, engine)

  // Dr Amelia Hart gives the A-Level Physics masterclass on Sundays at 16:00 (content/data/classes.json).
  test('a tutor who adds the hour of their own class to their week is not offered for a lesson then', async () => {
    const { setSchedule } = await import('~/db/tutor-schedules.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { freeSlotsThisWeek, forgetCatalogueChanges, getTutor } = await import('~/tutors/catalogue.server')
    const tutor = (await insertUser({ name: 'Dr Amelia Hart', email: 'amelia@example.com', passwordHash: 'x', tutorId: 'amelia-hart' }))!
    expect(await setSchedule(tutor, 'amelia-hart', [{ day: 'Sun', times: ['14:00', '16:00', '18:00'] }])).toBe(true)
    forgetCatalogueChanges()
    // Saturday 28 November 2026, noon in London.
    const now = new Date('2026-11-28T12:00:00Z')
    const slots = freeSlotsThisWeek(await getTutor('amelia-hart', now), now)
    expect(slots.map((slot) => slot.start.toISOString())).toEqual(['2026-11-29T14:00:00.000Z', '2026-11-29T18:00:00.000Z'])
  })
})

describe.each(ENGINES)('reserving a place, on %s', (engine) => {
  withFreshDatabase(`classes-${engine}`, {}, engine)

  const place = (email: string) => ({
    classId: 'phonics-small-group',
    sessionDate: '2026-11-27',
    sessionStart: '2026-11-27T16:00:00.000Z',
    capacity: 3,
    name: 'Sam',
    email,
    yearGroup: 'Year 1',
  })

  test('takes places until the class is full, then refuses, and one e-mail gets one place', async () => {
    const { placesTaken, reservePlace } = await import('~/db/class-places.server')
    expect((await reservePlace(place('a@example.com'))).outcome).toBe('reserved')
    expect((await reservePlace(place('A@Example.com'))).outcome).toBe('duplicate')
    expect((await reservePlace(place('b@example.com'))).outcome).toBe('reserved')
    expect((await reservePlace(place('c@example.com'))).outcome).toBe('reserved')
    expect((await reservePlace(place('d@example.com'))).outcome).toBe('full')
    expect((await reservePlace({ ...place('d@example.com'), sessionDate: '2026-12-04' })).outcome).toBe('reserved')
    const taken = await placesTaken('2026-11-27')
    expect(taken).toHaveLength(2)
    expect(taken).toEqual(
      expect.arrayContaining([
        { classId: 'phonics-small-group', date: '2026-11-27', taken: 3 },
        { classId: 'phonics-small-group', date: '2026-12-04', taken: 1 },
      ]),
    )
  })
})
