import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/content/page-meta'
import { FormNotice } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { formatDateTime, mailtoAllHref, mailtoHref, OfficeSection } from '~/office/office-parts'
import type { CancelReply, loader } from '~/routes/office.classes/classes.server'

export { action, loader } from '~/routes/office.classes/classes.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Class places · Office', description: 'Who has a place in each upcoming class.' })

export default function OfficeClassesRoute() {
  const { sessions } = useLoaderData<typeof loader>()
  const reply = useActionData<CancelReply>()
  const busy = useIsPosting()
  return (
    <OfficeSection title="Class places">
      <div className="mt-4 space-y-3">
        {reply?.cancelled ? <FormNotice tone="success">{reply.cancelled}</FormNotice> : null}
        {reply?.refusal ? <FormNotice tone="error">{reply.refusal}</FormNotice> : null}
      </div>
      {sessions.length === 0 ? <p className="mt-4 text-ink-700">No places are taken in the upcoming classes yet.</p> : null}
      {sessions.map((session) => (
        <section key={session.key} aria-label={`${session.title}, ${session.when}`} className="card mt-6">
          <h3 className="text-lg font-semibold text-ink-900">
            {session.title}, {session.when}
          </h3>
          <p className="text-sm text-ink-700">
            {session.places.length} of {session.capacity} places taken
          </p>
          {/* The classes page and each place's e-mail promise the joining link the day before (or before the class, for a place taken on the day). */}
          <p className="mt-3 text-sm text-ink-800">
            Send the joining link the day before:{' '}
            <a href={mailtoAllHref(session.places.map((place) => place.email), `Joining link: ${session.title}, ${session.when}`)} className="font-semibold text-brand-700 underline">
              e-mail everyone with a place
            </a>{' '}
            (each blind-copied).
          </p>
          <ul className="mt-3 divide-y divide-ink-200">
            {session.places.map((place) => (
              <li key={place.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span className="[overflow-wrap:anywhere]">
                  <span className="font-medium text-ink-900">{place.name}</span> ({place.yearGroup}),{' '}
                  <a href={mailtoHref(place.email)} className="text-brand-700 underline">
                    {place.email}
                  </a>
                  <span className="block text-sm text-ink-700">Reserved {formatDateTime(place.createdAt)}</span>
                </span>
                <Form method="post">
                  <input type="hidden" name="place" value={place.id} />
                  <button type="submit" className="btn-secondary" disabled={busy} aria-label={`Cancel the place of ${place.name}`}>
                    Cancel place
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </OfficeSection>
  )
}
