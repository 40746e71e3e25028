// Free lesson slots on the London calendar (spec §3): which hours of a tutor's weekly
// availability are still ahead this week, and how they are written.
import { addLondonDays, formatLondonTime, LONDON, londonParts, londonWallTime, type LondonDate } from '~/london-time'
import { WEEKDAYS, type Tutor } from '~/tutors'

export type Slot = { start: Date; dayOffset: number }

type LondonCalendar = { dates: LondonDate[]; instants: Map<string, Date> }

// Every request of a London day shares that day's calendar, so each date and
// wall-clock time is converted to an instant once a day, not once per request.
const calendars = new Map<string, LondonCalendar>()
const MAX_CALENDARS = 4

function londonCalendar(today: LondonDate, days: number) {
  const key = `${today.year}-${today.month}-${today.day}/${days}`
  let calendar = calendars.get(key)
  if (!calendar) {
    if (calendars.size >= MAX_CALENDARS) calendars.clear()
    calendar = { dates: Array.from({ length: days }, (_, dayOffset) => addLondonDays(today, dayOffset)), instants: new Map() }
    calendars.set(key, calendar)
  }
  return calendar
}

/**
 * The London calendar from `now` over the next `days` days (today included), for
 * listing many tutors' free slots at once.
 */
export function createSlotCalendar(now: Date, days = 7) {
  const { dates, instants } = londonCalendar(londonParts(now), days)
  const instant = (dayOffset: number, time: string) => {
    const key = `${dayOffset} ${time}`
    let start = instants.get(key)
    if (!start) {
      start = londonWallTime(dates[dayOffset]!, time)
      instants.set(key, start)
    }
    return start
  }
  return function slotsFor(tutor: Pick<Tutor, 'availability'>): Slot[] {
    const slots: Slot[] = []
    dates.forEach((date, dayOffset) => {
      const times = tutor.availability
        .filter((entry) => WEEKDAYS.indexOf(entry.day) === date.weekday)
        .flatMap((entry) => entry.times)
        .sort()
      for (const time of times) {
        const start = instant(dayOffset, time)
        if (start.getTime() > now.getTime()) slots.push({ start, dayOffset })
      }
    })
    return slots
  }
}

/** The tutor's free slots from `now` over the next `days` London calendar days (today included). */
export function upcomingSlots(tutor: Pick<Tutor, 'availability'>, now: Date, days = 7): Slot[] {
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

export function nextAvailable(tutor: Pick<Tutor, 'availability'>, now: Date) {
  const [first] = upcomingSlots(tutor, now, 7)
  return first ? formatSlot(first) : 'Fully booked this week'
}
