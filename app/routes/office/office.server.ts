// The office's frame: staff only, with how many items wait in each inbox.
import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { inboxCounts } from '~/db/office.server'
import { requireStaff } from '~/office/office.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request)
  return json({ staff, counts: await inboxCounts() })
}
