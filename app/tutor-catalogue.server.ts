import { getData } from '~/content.server'
import { upcomingSlots, type Tutor } from '~/tutors'

export async function getTutor(id: string): Promise<Tutor> {
  const tutor = (await getData('tutors')).find((candidate) => candidate.id === id)
  if (!tutor) throw new Response('Not Found', { status: 404 })
  return tutor
}

export function freeSlotsThisWeek(tutor: Tutor, now: Date) {
  return upcomingSlots(tutor, now, 7)
}
