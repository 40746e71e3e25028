// The tutor catalogue as visitors see it now: the editors' records (content/tutors/tutors.json),
// each tutor's own weekly availability where they have edited it, the slots confirmed lessons
// have taken and the weekly classes they give (content/data/classes.json), so profiles and the
// search offer only times that are still free, and which tutors are using their accounts now.
import { getData } from '~/content/data.server'
import { formatExperience } from '~/content/experience'
import { formatPrice } from '~/content/price'
import { confirmedSlots } from '~/db/lessons.server'
import { onlineTutorIds } from '~/db/tutor-presence.server'
import { getSchedules } from '~/db/tutor-schedules.server'
import { httpError } from '~/http/responses.server'
import { nextAvailable, upcomingSlots, type WeeklyClass } from '~/tutors/slots'
import { formatMode, formatStudents, isTopRated, type Tutor, type TutorCardData } from '~/tutors/tutor'

export type BookableTutor = Tutor & { booked: readonly string[]; classes: readonly WeeklyClass[]; online: boolean }

// Tutors' own weeks, the slots confirmed lessons took and who is online change far less often than
// catalogue pages are read. Each process keeps them a few seconds, and forgets them at once when it
// changes them itself; a change made by another process shows here within that time (and a request
// for a slot just taken there is refused when the lesson is confirmed).
const KEEP_CHANGES_MS = 3_000
let kept: { until: number; changes: Promise<[Awaited<ReturnType<typeof getSchedules>>, Awaited<ReturnType<typeof confirmedSlots>>, Set<string>]> } | undefined

/** After this process changed a tutor's week or a lesson's status: read them afresh. */
export function forgetCatalogueChanges() {
  kept = undefined
}

function catalogueChanges(now: Date) {
  if (!kept || kept.until < Date.now()) {
    const changes = Promise.all([getSchedules(), confirmedSlots(now), onlineTutorIds(now)])
    kept = { until: Date.now() + KEEP_CHANGES_MS, changes }
    changes.catch(() => forgetCatalogueChanges())
  }
  return kept.changes
}

export async function getCatalogue(now: Date): Promise<BookableTutor[]> {
  const [tutors, classes, [schedules, booked, online]] = await Promise.all([getData('tutors'), getData('classes'), catalogueChanges(now)])
  return tutors.map((tutor) => ({
    ...tutor,
    availability: schedules.get(tutor.id) ?? tutor.availability,
    booked: booked.get(tutor.id) ?? [],
    classes: classes.filter((weekly) => weekly.tutorId === tutor.id),
    online: online.has(tutor.id),
  }))
}

export async function getTutor(id: string, now: Date): Promise<BookableTutor> {
  const tutor = (await getCatalogue(now)).find((candidate) => candidate.id === id)
  if (!tutor) throw httpError(404, 'Not Found')
  return tutor
}

export function freeSlotsThisWeek(tutor: BookableTutor, now: Date) {
  return upcomingSlots(tutor, now, 7)
}

/** What a tutor card shows: the record's public facts in words, and the next free slot from `now`. */
export function toTutorCard(tutor: BookableTutor, now: Date): TutorCardData {
  const { id, name, subject, levels, rating, avatar, verified, online } = tutor
  return {
    ...{ id, name, subject, levels, rating, avatar, verified, online },
    isTopRated: isTopRated(tutor),
    experience: formatExperience(tutor.experienceYears),
    students: formatStudents(tutor.studentsTaught),
    mode: formatMode(tutor.mode),
    price: formatPrice(tutor.pricePerHour),
    specialties: tutor.specialties.slice(0, 2),
    nextAvailable: nextAvailable(tutor, now),
  }
}
