import { json, type LoaderFunctionArgs } from '@remix-run/node'

import { inboxCounts } from '~/db/office.server'
import { requireStaff } from '~/office/office.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  return json({ counts: await inboxCounts() })
}
