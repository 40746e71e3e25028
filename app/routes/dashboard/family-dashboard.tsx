import { Form, Link } from '@remix-run/react'

import type { LessonStage } from '~/lessons/lesson-times'
import { useIsPosting } from '~/forms/use-is-posting'
import { NOTICES } from '~/messages/notices'
import { StatusBadge } from '~/office/office-parts'
import { SectionCard } from '~/components/section-card'
import { LessonActions, type Cancelling, type LessonState } from '~/routes/dashboard/lesson-actions'

type Request = LessonState & { tutorName: string; when: string; stage: LessonStage }
type Place = { key: string; title: string; when: string; yearGroup: string }

export type FamilyView = { requests: Request[]; places: Place[] }

/** Until the address is proven the dashboard shows nothing recorded under it: this asks for the proof. */
export function ConfirmAddress({ email }: { email: string }) {
  const busy = useIsPosting()
  return (
    <SectionCard id="confirm-address" title="Confirm your email address" highlight>
      <p className="mt-2 text-ink-800">{NOTICES.confirmAddress(email)}</p>
      <Form method="post" action="?intent=resend-confirmation" className="mt-4">
        <button type="submit" className="btn-secondary disabled:cursor-wait disabled:opacity-80" disabled={busy}>
          {busy ? 'Sending...' : 'Send the link again'}
        </button>
      </Form>
    </SectionCard>
  )
}

/** A family's lesson requests and class places, once its address is proven. */
export function FamilyDashboard({ family, cancelling }: { family: FamilyView; cancelling: Cancelling | undefined }) {
  return (
    <>
      <SectionCard id="your-requests" title="Your lesson requests">
        {family.requests.length === 0 ? (
          <p className="mt-2 text-ink-700">
            None yet. Choose a time on a tutor&apos;s profile, in the <Link to="/tutors/find" className="text-brand-700 underline">tutor search</Link>.
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-ink-200">
            {family.requests.map((request) => (
              <li key={request.id} className="py-3">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <span className="text-ink-900">
                    <span className="font-semibold">{request.tutorName}</span>, {request.when}
                  </span>
                  <StatusBadge status={request.stage} />
                </div>
                <LessonActions lesson={request} label={`${request.tutorName}, ${request.when}`} cancelling={cancelling} />
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <SectionCard id="your-places" title="Your class places">
        {family.places.length === 0 ? (
          <p className="mt-2 text-ink-700">
            None coming up. Reserve a place in the <Link to="/classes" className="text-brand-700 underline">class timetable</Link>.
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-ink-200">
            {family.places.map((place) => (
              <li key={place.key} className="py-3 text-ink-900">
                <span className="font-semibold">{place.title}</span>, {place.when}
                <span className="block text-sm text-ink-700">For a student in {place.yearGroup}</span>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </>
  )
}
