import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { listContactMessages } from '~/db/office.server'
import { CONTACT_STATUSES } from '~/db/schema'
import { listQuery, requireStaff } from '~/office/office.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { status, page } = listQuery(request, CONTACT_STATUSES)
  return json({ status, listing: await listContactMessages(status, page) })
}
