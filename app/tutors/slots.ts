// Free lesson slots on the London calendar (spec §3): which hours of a tutor's weekly
// availability are still ahead this week, and how they are written.
import type { ClassRecord } from '~/content/schema'
import { formatLondonTime, LONDON, londonCalendar, WEEKDAYS } from '~/london-time'
import { RULES } from '~/site'
import type { Tutor } from '~/tutors/tutor'

export type Slot = { start: Date; dayOffset: number }

/** A weekly class the tutor gives: no lesson of theirs may overlap it. */
export type WeeklyClass = Pick<ClassRecord, 'day' | 'time' | 'durationMinutes'>

/**
 * What slots are worked out from: the weekly availability, the starts already taken by confirmed
 * lessons, and the tutor's own weekly classes (the editors' timetable, which the tutor's hours may
 * not leave room for).
 */
export type WeeklyTimes = Pick<Tutor, 'availability'> & { booked?: readonly string[]; classes?: readonly WeeklyClass[] }

const LESSON_MS = RULES.lessonMinutes * 60_000

/**
 * The London calendar from `now` over the next `days` days (today included), for
 * listing many tutors' free slots at once.
 */
export function createSlotCalendar(now: Date, days = 7) {
  const { dates, wallTime } = londonCalendar(now, days)
  return function slotsFor(tutor: WeeklyTimes): Slot[] {
    const booked = new Set(tutor.booked)
    const slots: Slot[] = []
    dates.forEach((date, dayOffset) => {
      const times = tutor.availability
        .filter((entry) => WEEKDAYS.indexOf(entry.day) === date.weekday)
        .flatMap((entry) => entry.times)
        .sort()
      const teaching = (tutor.classes ?? [])
        .filter((weekly) => WEEKDAYS.indexOf(weekly.day) === date.weekday)
        .map((weekly) => {
          const from = wallTime(dayOffset, weekly.time).getTime()
          return { from, to: from + weekly.durationMinutes * 60_000 }
        })
      for (const time of times) {
        const start = wallTime(dayOffset, time)
        const [from, to] = [start.getTime(), start.getTime() + LESSON_MS]
        if (from <= now.getTime() || booked.has(start.toISOString()) || teaching.some((session) => from < session.to && session.from < to)) continue
        slots.push({ start, dayOffset })
      }
    })
    return slots
  }
}

/** The tutor's free slots from `now` over the next `days` London calendar days (today included). */
export function upcomingSlots(tutor: WeeklyTimes, now: Date, days = 7): Slot[] {
  return createSlotCalendar(now, days)(tutor)
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, weekday: 'short', day: 'numeric', month: 'short' })

/** 'Today, 4:00 PM', 'Tomorrow, 10:00 AM', 'Thu 27 Nov, 9:00 AM'. */
export function formatSlot(slot: Slot) {
  const time = formatLondonTime(slot.start)
  const day =
    slot.dayOffset === 0 ? 'Today' : slot.dayOffset === 1 ? 'Tomorrow' : dateFormat.format(slot.start).replace(',', '')
  return `${day}, ${time}`
}

export function nextAvailable(tutor: WeeklyTimes, now: Date) {
  const [first] = upcomingSlots(tutor, now, 7)
  return first ? formatSlot(first) : 'Fully booked this week'
}

const lessonTimeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })

/** A lesson's start in words that stay true in an e-mail or a list: 'Thu 27 Nov 2026, 4:00 PM'. */
export function formatLessonTime(iso: string) {
  const start = new Date(iso)
  return `${lessonTimeFormat.format(start).replace(',', '')}, ${formatLondonTime(start)}`
}
