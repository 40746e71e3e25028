// Tutors in words: modes, student counts and the Top Rated badge (spec §3, §9); prices are content/price.ts's.
// The record's schema is in content/schema.ts, the values it may take in content/tutor-vocabulary.ts.
import type { Tutor } from '~/content/schema'
import { RULES } from '~/site'

export type { Tutor }

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

/**
 * What a tutor card shows, already in words: toTutorCard (catalogue.server.ts) writes them
 * with tutor.ts's formatting, as it works out the next free slot, so the pages that list
 * cards carry no formatting code.
 */
export type TutorCardData = Pick<Tutor, 'id' | 'name' | 'subject' | 'levels' | 'rating' | 'avatar' | 'verified'> & {
  /** Whether the tutor's own account is in use now (db/tutor-presence.server.ts). */
  online: boolean
  isTopRated: boolean
  /** e.g. '14 years' */
  experience: string
  /** e.g. '250+' */
  students: string
  /** e.g. 'Online or in person' */
  mode: string
  /** e.g. 'P675' */
  price: string
  /** The two a card has room for. */
  specialties: string[]
  nextAvailable: string
}
