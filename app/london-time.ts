// Wall-clock dates and times in London (Europe/London), where lessons and classes
// happen: the calendar date of an instant, and the instant of a date and time.
export const LONDON = 'Europe/London'

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

type LondonDate = { year: number; month: number; day: number; weekday: number }

const londonPartsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
  weekday: 'short',
})

type LondonParts = LondonDate & { hour: number; minute: number }

// Pages ask for the parts of "now" on every request, and they change once a minute.
let lastMinute: { minute: number; parts: LondonParts } | undefined

/** The London calendar date, time and weekday (0 is Sunday) of an instant. */
export function londonParts(instant: Date): Readonly<LondonParts> {
  const minute = Math.floor(instant.getTime() / 60000)
  if (lastMinute?.minute === minute) return lastMinute.parts
  const parts = Object.fromEntries(londonPartsFormat.formatToParts(instant).map((p) => [p.type, p.value]))
  lastMinute = {
    minute,
    parts: {
      year: Number(parts.year),
      month: Number(parts.month),
      day: Number(parts.day),
      hour: Number(parts.hour),
      minute: Number(parts.minute),
      weekday: WEEKDAYS.indexOf(parts.weekday as (typeof WEEKDAYS)[number]),
    },
  }
  return lastMinute.parts
}

// London is UTC+0 or UTC+1; read the offset back from the formatter rather than
// hard-coding the British Summer Time rules.
function londonOffsetMs(instant: Date) {
  const p = londonParts(instant)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute)
  return asUtc - Math.floor(instant.getTime() / 60000) * 60000
}

/** The instant a London wall-clock time happens on a London date, in summer time or not. */
function londonWallTime(date: LondonDate, time: string) {
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const guess = Date.UTC(date.year, date.month - 1, date.day, hour, minute)
  const first = guess - londonOffsetMs(new Date(guess))
  return new Date(guess - londonOffsetMs(new Date(first)))
}

function addLondonDays(date: LondonDate, days: number): LondonDate {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day + days))
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate(), weekday: utc.getUTCDay() }
}

type CachedCalendar = { dates: LondonDate[]; instants: Map<string, Date> }

// Every request of a London day shares that day's calendar, so each date and
// wall-clock time is converted to an instant once a day, not once per request.
const calendars = new Map<string, CachedCalendar>()
const MAX_CALENDARS = 4

/**
 * The London dates from `now` over the next `days` days (today included), and the instant
 * of a wall-clock time on the date `dayOffset` days from today.
 */
export function londonCalendar(now: Date, days: number) {
  const today = londonParts(now)
  const key = `${londonDateKey(today)}/${days}`
  let calendar = calendars.get(key)
  if (!calendar) {
    if (calendars.size >= MAX_CALENDARS) calendars.clear()
    calendar = { dates: Array.from({ length: days }, (_, dayOffset) => addLondonDays(today, dayOffset)), instants: new Map() }
    calendars.set(key, calendar)
  }
  const { dates, instants } = calendar
  const wallTime = (dayOffset: number, time: string) => {
    const instantKey = `${dayOffset} ${time}`
    let instant = instants.get(instantKey)
    if (!instant) {
      instant = londonWallTime(dates[dayOffset]!, time)
      instants.set(instantKey, instant)
    }
    return instant
  }
  return { dates, wallTime }
}

/** A London date as `YYYY-MM-DD`, the form it is stored and linked in. */
export function londonDateKey(date: Pick<LondonDate, 'year' | 'month' | 'day'>) {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
}

// hourCycle, not hour12: en-GB's 12-hour clock under `hour12: true` runs 0-11, so noon read "0:00 pm".
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' })

// The instants formatted are mostly the calendar's own (see londonCalendar), the same
// objects on every request of a day, so each is formatted once while it is in use.
const formattedTimes = new WeakMap<Date, string>()

/** '4:00 PM': the London time of an instant, written as the spec writes times. */
export function formatLondonTime(instant: Date) {
  let formatted = formattedTimes.get(instant)
  if (formatted === undefined) {
    formatted = timeFormat.format(instant).replace(/\s?(am|pm)$/i, (_, half: string) => ` ${half.toUpperCase()}`)
    formattedTimes.set(instant, formatted)
  }
  return formatted
}
