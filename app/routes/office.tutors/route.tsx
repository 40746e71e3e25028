import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { pageMeta } from '~/content/page-meta'
import { FormNotice } from '~/forms/fields'
import { useIsPosting } from '~/forms/use-is-posting'
import { InviteForm, type InviteReply } from '~/office/invite-form'
import { OfficeSection } from '~/office/office-parts'
import type { RemovalReply } from '~/office/remove-tutor-account.server'
import type { loader } from '~/routes/office.tutors/tutors.server'

export { action, loader } from '~/routes/office.tutors/tutors.server'

export const meta: MetaFunction = () => pageMeta({ title: 'Tutors · Office', description: 'Catalogue tutors and their accounts.' })

export default function OfficeTutorsRoute() {
  const { tutors, invitable, chosen, removing } = useLoaderData<typeof loader>()
  const reply = useActionData<InviteReply & RemovalReply & { formError?: string }>()
  return (
    <OfficeSection title="Tutors">
      <div className="mt-4 space-y-3">
        {/* The step whose button had the focus is gone: the answer takes the focus on. */}
        {reply?.removed ? (
          <FormNotice tone="success" focusOnShow>
            {reply.removed}
          </FormNotice>
        ) : null}
        {reply?.refusal ? (
          <FormNotice tone="error" focusOnShow>
            {reply.refusal}
          </FormNotice>
        ) : null}
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <ul className="divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
          {tutors.map((tutor) => (
            <li key={tutor.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                {tutor.subject === null ? (
                  <p className="font-semibold text-ink-900">{tutor.name}</p>
                ) : (
                  <Link to={`/tutors/${tutor.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                    {tutor.name}
                  </Link>
                )}
                <p className="text-sm text-ink-700 [overflow-wrap:anywhere]">
                  {tutor.subject ?? 'No longer in the catalogue'}: {tutor.account ? `account ${tutor.account}` : 'no account yet'}
                </p>
              </div>
              {tutor.account ? (
                <Link to={`/office/tutors?remove=${tutor.id}#remove-account`} className="btn-secondary" aria-label={`Remove the account of ${tutor.name}`}>
                  Remove account
                </Link>
              ) : (
                <Link to={`/office/tutors?tutor=${tutor.id}#invite`} className="btn-secondary" aria-label={`Invite ${tutor.name}`}>
                  Invite
                </Link>
              )}
            </li>
          ))}
        </ul>
        {removing ? (
          <RemoveAccountStep removing={removing} />
        ) : (
          <div id="invite" className="card h-fit">
            <h3 className="text-lg font-semibold text-ink-900">Invite a tutor</h3>
            <p className="mt-1 text-sm text-ink-700">They get a link, valid 7 days, that sets a password and creates their account.</p>
            <div className="mt-4 space-y-3">
              {reply?.invited ? <FormNotice tone="success">{reply.invited}</FormNotice> : null}
              {reply?.formError ? <FormNotice tone="error">{reply.formError}</FormNotice> : null}
            </div>
            <div className="mt-4">
              <InviteForm key={chosen ?? 'none'} tutors={invitable} chosen={chosen} reply={reply} />
            </div>
          </div>
        )}
      </div>
    </OfficeSection>
  )
}

/** The step that removes a tutor's account: it names the address, which the post carries, so only that account goes. */
function RemoveAccountStep({ removing }: { removing: { id: string; name: string; account: string | null } }) {
  const busy = useIsPosting('?intent=remove-account')
  const heading = useRef<HTMLHeadingElement>(null)
  // With JavaScript the step appears beside the link that was followed: the focus goes to it.
  useEffect(() => heading.current?.focus(), [removing.id])
  return (
    <section id="remove-account" aria-labelledby="remove-account-heading" className="card h-fit">
      <h3 ref={heading} tabIndex={-1} id="remove-account-heading" className="text-lg font-semibold text-ink-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        {`Remove ${removing.name}'s account`}
      </h3>
      <p className="mt-1 text-sm text-ink-700 [overflow-wrap:anywhere]">
        {removing.account} can no longer log in, every device signed in to it is signed out, and they are told by e-mail. The lessons they taught stay,
        and so does anything the address booked as a family. Invite them again to give them a new account.
      </p>
      <Form method="post" action="?intent=remove-account" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="tutorId" value={removing.id} />
        <input type="hidden" name="account" value={removing.account ?? ''} />
        <button type="submit" className="btn-primary" disabled={busy}>
          Remove account
        </button>
        <Link to="/office/tutors" className="btn-secondary">
          Keep it
        </Link>
      </Form>
    </section>
  )
}
