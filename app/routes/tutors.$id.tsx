import type { MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import type { LessonRequestActionData } from '~/components/lesson-request-form'
import { TutorProfile } from '~/components/tutor-profile'
import { pageMeta } from '~/page-meta'
import type { loader } from '~/route-handlers/tutors.$id.server'

export { loader, action } from '~/route-handlers/tutors.$id.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? { title: `${data.tutor.name}, ${data.tutor.subject} Tutor`, description: data.tutor.bio } : null)

export default function TutorProfileRoute() {
  const { tutor, slots } = useLoaderData<typeof loader>()
  const lessonRequest = useActionData<LessonRequestActionData>()
  return <TutorProfile tutor={tutor} slots={slots} lessonRequest={lessonRequest} />
}
