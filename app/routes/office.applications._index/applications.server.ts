import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { listApplications } from '~/db/office.server'
import { APPLICATION_STATUSES } from '~/db/schema'
import { listQuery, requireStaff } from '~/office/office.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { status, page } = listQuery(request, APPLICATION_STATUSES)
  return json({ status, listing: await listApplications(status, page) })
}
