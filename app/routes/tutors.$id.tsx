import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { TutorProfile } from '~/components/tutor-profile'
import { freeSlotsThisWeek, getTutor } from '~/tutor-catalogue.server'
import { pageMeta } from '~/page-meta'
import { formatSlot } from '~/tutors'

export async function loader({ params }: LoaderFunctionArgs) {
  const tutor = await getTutor(params.id ?? '')
  const slots = freeSlotsThisWeek(tutor, new Date()).map((slot) => ({ iso: slot.start.toISOString(), label: formatSlot(slot) }))
  return json({ tutor, slots })
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? { title: `${data.tutor.name}, ${data.tutor.subject} Tutor`, description: data.tutor.bio } : null)

export default function TutorProfileRoute() {
  const { tutor, slots } = useLoaderData<typeof loader>()
  return <TutorProfile tutor={tutor} slots={slots} />
}
