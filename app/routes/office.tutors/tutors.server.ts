import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

import { getDb } from '~/db/database.server'
import { answerInvite } from '~/office/invite.server'
import { requireStaff } from '~/office/office.server'
import { getCatalogue } from '~/tutors/catalogue.server'

/** The catalogue's tutors and whether each has an account yet, and the form to invite one. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const [catalogue, accounts] = await Promise.all([
    getCatalogue(new Date()),
    (await getDb()).selectFrom('users').select(['tutor_id', 'email']).where('role', '=', 'tutor').execute(),
  ])
  const chosen = new URL(request.url).searchParams.get('tutor') ?? undefined
  return json({
    chosen: catalogue.some((tutor) => tutor.id === chosen) ? chosen : undefined,
    tutors: catalogue.map((tutor) => ({ id: tutor.id, name: tutor.name, subject: tutor.subject, account: accounts.find((account) => account.tutor_id === tutor.id)?.email ?? null })),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  return answerInvite(request, staff, null)
}
