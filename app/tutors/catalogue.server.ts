import { getData } from '~/content/data.server'
import type { TutorCardData } from '~/components/tutor-card'
import { nextAvailable, upcomingSlots } from '~/tutors/slots'
import type { Tutor } from '~/tutors/tutor'

export async function getTutor(id: string): Promise<Tutor> {
  const tutor = (await getData('tutors')).find((candidate) => candidate.id === id)
  if (!tutor) throw new Response('Not Found', { status: 404 })
  return tutor
}

export function freeSlotsThisWeek(tutor: Tutor, now: Date) {
  return upcomingSlots(tutor, now, 7)
}

/** What a tutor card shows: the record's public facts and the next free slot from `now`. */
export function toTutorCard(tutor: Tutor, now: Date): TutorCardData {
  const { id, name, subject, levels, rating, experienceYears, studentsTaught, specialties, avatar, verified, online, mode, pricePerHour } = tutor
  return {
    ...{ id, name, subject, levels, rating, experienceYears, studentsTaught, specialties, avatar, verified, online, mode, pricePerHour },
    nextAvailable: nextAvailable(tutor, now),
  }
}
