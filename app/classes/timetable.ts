// The timetable of free open classes and paid small groups: which sessions of the
// weekly classes fall in the coming two weeks, in London time, and how a visitor
// narrows them. Pure, so the browser and the unit tests can use it.
import type { ClassRecord } from '~/content/schema'
import { formatLondonTime, LONDON, londonCalendar, londonDateKey, WEEKDAYS } from '~/london-time'
import { RULES } from '~/site'
import { SEARCH_OPTIONS } from '~/tutors/options'

export type { ClassRecord }

export type ClassSession = { classId: string; date: string; start: Date; end: Date }

export type LevelOption = (typeof SEARCH_OPTIONS.levels)[number]['value']

export type ClassFilters = { subject?: string; level?: LevelOption }

/** A session as the timetable shows it, with the places still free. */
export type TimetableSession = {
  key: string
  title: string
  summary: string
  subject: string
  level: string
  tutor: { id: string; name: string }
  kind: ClassRecord['kind']
  capacity: number
  placesLeft: number
  price: string | null
  start: string
  end: string
  day: string
  time: string
}

/** A session is named by its class and London date, e.g. `python-first-steps@2026-11-28`. */
export function sessionKey(session: Pick<ClassSession, 'classId' | 'date'>) {
  return `${session.classId}@${session.date}`
}

/**
 * The sessions of the weekly classes that have not started yet, from `now` over the
 * coming `days` London calendar days (today included), soonest first.
 */
export function upcomingSessions(classes: readonly ClassRecord[], now: Date, days: number = RULES.timetableDays): ClassSession[] {
  const { dates, wallTime } = londonCalendar(now, days)
  const sessions: ClassSession[] = []
  dates.forEach((date, dayOffset) => {
    for (const record of classes) {
      if (WEEKDAYS.indexOf(record.day) !== date.weekday) continue
      const start = wallTime(dayOffset, record.time)
      if (start.getTime() <= now.getTime()) continue
      const end = new Date(start.getTime() + record.durationMinutes * 60_000)
      sessions.push({ classId: record.id, date: londonDateKey(date), start, end })
    }
  })
  return sessions.sort((a, b) => a.start.getTime() - b.start.getTime() || a.classId.localeCompare(b.classId))
}

/** The filters as the URL states them; unknown values count as unset. */
export function parseClassFilters(params: URLSearchParams, subjectIds: readonly string[]): ClassFilters {
  const subject = params.get('subject')
  const level = SEARCH_OPTIONS.levels.find((option) => option.value === params.get('level'))?.value
  return { subject: subject && subjectIds.includes(subject) ? subject : undefined, level }
}

export function matchesClassFilters(record: Pick<ClassRecord, 'subject' | 'level'>, filters: ClassFilters) {
  const levelLabel = SEARCH_OPTIONS.levels.find((option) => option.value === filters.level)?.label
  return (!filters.subject || record.subject === filters.subject) && (!levelLabel || record.level === levelLabel)
}

/** The query string for the filters: only the ones set, in a stable order. */
export function classQueryString(filters: ClassFilters) {
  const params = new URLSearchParams()
  if (filters.subject) params.set('subject', filters.subject)
  if (filters.level) params.set('level', filters.level)
  const text = params.toString()
  return text ? `?${text}` : ''
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, weekday: 'long', day: 'numeric', month: 'long' })

/** 'Monday 23 November', in London. */
export function formatSessionDay(start: Date) {
  return dayFormat.format(start).replace(',', '')
}

/** '4:00 PM-5:00 PM', in London. */
export function formatSessionTime(session: Pick<ClassSession, 'start' | 'end'>) {
  return `${formatLondonTime(session.start)}-${formatLondonTime(session.end)}`
}

/** Where a visitor who is not signed in reserves from: the login, then back to the session's form. */
export function logInToReserve(sessionKey: string) {
  return `/login?${new URLSearchParams({ redirectTo: `/classes?${new URLSearchParams({ session: sessionKey })}`, notice: 'class-place' })}`
}
