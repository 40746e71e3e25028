import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getDb } from '~/db/database.server'
import { intentOf } from '~/forms/office'
import { OFFICE_NOTICES } from '~/messages/office'
import { answerInvite } from '~/office/invite.server'
import { requireStaff } from '~/office/office.server'
import { answerAccountRemoval, type RemovalReply } from '~/office/remove-tutor-account.server'
import { getCatalogue } from '~/tutors/catalogue.server'

/**
 * The catalogue's tutors and whether each has an account yet, then the accounts of tutors no longer
 * in the catalogue (still able to log in until removed); the form to invite one, and, for `?remove=`
 * a tutor with an account, the step that removes it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const [catalogue, accounts] = await Promise.all([
    getCatalogue(new Date()),
    (await getDb()).selectFrom('users').select(['tutor_id', 'email', 'name']).where('role', '=', 'tutor').orderBy('name').execute(),
  ])
  const params = new URL(request.url).searchParams
  const chosen = params.get('tutor') ?? undefined
  const tutors = [
    ...catalogue.map((tutor) => ({ id: tutor.id, name: tutor.name, subject: tutor.subject, account: accounts.find((account) => account.tutor_id === tutor.id)?.email ?? null })),
    ...accounts
      .filter((account) => account.tutor_id !== null && !catalogue.some((tutor) => tutor.id === account.tutor_id))
      .map((account) => ({ id: account.tutor_id!, name: account.name, subject: null, account: account.email })),
  ]
  return json({
    chosen: catalogue.some((tutor) => tutor.id === chosen) ? chosen : undefined,
    removing: tutors.find((tutor) => tutor.id === params.get('remove') && tutor.account !== null),
    invitable: catalogue.map((tutor) => ({ id: tutor.id, name: tutor.name })),
    tutors,
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  switch (intentOf(request)) {
    case 'invite':
      return answerInvite(request, staff, null)
    case 'remove-account':
      return answerAccountRemoval(request, staff)
    default:
      return json<RemovalReply>({ refusal: OFFICE_NOTICES.unknownAction }, { status: 400 })
  }
}
