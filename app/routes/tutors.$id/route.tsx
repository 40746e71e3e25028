import type { MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { TutorProfile } from '~/routes/tutors.$id/tutor-profile'
import { pageMeta } from '~/content/page-meta'
import type { LessonRequestActionData, loader } from '~/routes/tutors.$id/tutor-profile.server'

export { loader, action } from '~/routes/tutors.$id/tutor-profile.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.head, data)

export default function TutorProfileRoute() {
  const { tutor, slots } = useLoaderData<typeof loader>()
  const lessonRequest = useActionData<LessonRequestActionData>()
  return <TutorProfile tutor={tutor} slots={slots} lessonRequest={lessonRequest} />
}
