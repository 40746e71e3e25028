// Tutors: option lists, prices and availability (spec §3, §9). Pure, and free of
// zod so the browser bundle stays small; the record schema is in content-schema.ts.
import type { Tutor } from '~/content-schema'
import { RULES } from '~/site'

export type { Tutor }

export const TUTOR_SUBJECTS = [
  'Physics',
  'Chemistry',
  'Biology',
  'Mathematics',
  'English Literature',
  'English Language',
  'Early Literacy',
  'Business and Economics',
  'Computer Science',
] as const

export const TUTOR_LEVELS = ['Primary', 'Secondary', 'IGCSE', 'A-Level', 'University'] as const
export const TUTOR_MODES = ['Online', 'In-Person', 'Both'] as const
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const



/** spec §3: prices are written 'P' and the hourly amount, e.g. P510. */
export function formatPrice(amount: number) {
  return `P${amount}`
}

/** spec §9: Top Rated from 4.8. */
export function isTopRated(tutor: Pick<Tutor, 'rating'>) {
  return tutor.rating >= RULES.topRatedFrom
}

const MODE_LABELS: Record<Tutor['mode'], string> = { Online: 'Online', 'In-Person': 'In person', Both: 'Online or in person' }

/** How a tutor teaches, in words: 'Online', 'In person' or 'Online or in person'. */
export function formatMode(mode: Tutor['mode']) {
  return MODE_LABELS[mode]
}

export function formatStudents(count: number) {
  return count >= 50 ? `${Math.floor(count / 50) * 50}+` : String(count)
}
