import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { listLessonRequests } from '~/db/office.server'
import { LESSON_LIST_FILTERS } from '~/db/schema'
import { lessonStage } from '~/lessons/lesson-times'
import { listQuery, requireStaff } from '~/office/office.server'
import { getCatalogue } from '~/tutors/catalogue.server'
import { formatLessonTime } from '~/tutors/slots'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { status, page } = listQuery(request, LESSON_LIST_FILTERS)
  const now = new Date()
  const [listing, catalogue] = await Promise.all([listLessonRequests(status, page), getCatalogue(now)])
  const tutorName = (id: string) => catalogue.find((tutor) => tutor.id === id)?.name ?? id
  return json({
    status,
    listing: { ...listing, items: listing.items.map((request) => ({ ...request, stage: lessonStage(request, now), tutorName: tutorName(request.tutorId), when: formatLessonTime(request.slotStart) })) },
  })
}
