import type { MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { PROFILE_TRAIL, TutorProfile } from '~/routes/tutors.$id/tutor-profile'
import { pageMeta, siteUrlOf } from '~/content/page-meta'
import { tutorCardWords } from '~/content/share-card-words'
import { breadcrumbList } from '~/content/structured-data'
import { tutorPerson } from '~/tutors/tutor-structured-data'
import type { LessonRequestActionData, loader } from '~/routes/tutors.$id/tutor-profile.server'

export { loader, action } from '~/routes/tutors.$id/tutor-profile.server'

export const meta: MetaFunction<typeof loader> = ({ data, location, matches }) => {
  const siteUrl = siteUrlOf(matches)
  return pageMeta(
    data ? { title: `${data.tutor.name}, ${data.tutor.subject} Tutor`, description: data.tutor.bio } : null,
    data && {
      at: siteUrl === null ? null : { siteUrl, pathname: location.pathname },
      card: tutorCardWords(data.tutor),
      structured: (siteUrl) => [breadcrumbList(siteUrl, PROFILE_TRAIL, { label: data.tutor.name, href: location.pathname }), tutorPerson(siteUrl, data.tutor)],
    },
  )
}

export default function TutorProfileRoute() {
  const { tutor, slots } = useLoaderData<typeof loader>()
  const lessonRequest = useActionData<LessonRequestActionData>()
  return <TutorProfile tutor={tutor} slots={slots} lessonRequest={lessonRequest} />
}
