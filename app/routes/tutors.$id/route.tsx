import type { MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { TutorProfile } from '~/routes/tutors.$id/tutor-profile'
import { pageMeta, siteUrlOf } from '~/content/page-meta'
import { tutorCardWords } from '~/content/share-card-words'
import type { LessonRequestActionData, loader } from '~/routes/tutors.$id/tutor-profile.server'

export { loader, action } from '~/routes/tutors.$id/tutor-profile.server'

export const meta: MetaFunction<typeof loader> = ({ data, location, matches }) => {
  const siteUrl = siteUrlOf(matches)
  return pageMeta(
    data ? { title: `${data.tutor.name}, ${data.tutor.subject} Tutor`, description: data.tutor.bio } : null,
    data && {
      at: siteUrl === null ? null : { siteUrl, pathname: location.pathname },
      card: tutorCardWords(data.tutor),
      structured: data.structured,
    },
  )
}

export default function TutorProfileRoute() {
  const { tutor, slots } = useLoaderData<typeof loader>()
  const lessonRequest = useActionData<LessonRequestActionData>()
  return <TutorProfile tutor={tutor} slots={slots} lessonRequest={lessonRequest} />
}
