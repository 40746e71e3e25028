import { readFileSync } from 'node:fs'
import path from 'node:path'

import * as v from 'valibot'

import { TutorsFile } from '~/content/schema'
import { upcomingSlots } from '~/tutors/slots'

export type TutorSlots = { id: string; slots: string[] }

/**
 * Every tutor with the start times (ISO, as the lesson form posts them) the action
 * accepts now. `leadMs` leaves out slots starting sooner, so a slot cannot pass
 * while the script is still using it.
 */
export function readTutorSlots(now: Date, leadMs = 0): TutorSlots[] {
  const file = path.join(process.env.CONTENT_DIR ?? 'content', 'tutors', 'tutors.json')
  const tutors = v.parse(TutorsFile, JSON.parse(readFileSync(file, 'utf8')))
  return tutors.map((tutor) => ({
    id: tutor.id,
    slots: upcomingSlots(tutor, now)
      .filter((slot) => slot.start.getTime() > now.getTime() + leadMs)
      .map((slot) => slot.start.toISOString()),
  }))
}
