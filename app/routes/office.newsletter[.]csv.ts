// The newsletter list for the office, as CSV: each confirmed address, when it was asked for and
// confirmed, and the unsubscribe link a mailing to it must carry.
import type { LoaderFunctionArgs } from '@remix-run/node'

import { newsletterSubscribers } from '~/db/office.server'
import { PRIVATE_CACHE_CONTROL } from '~/http/cache-control.server'
import { unsubscribeUrl } from '~/mail/emails.server'
import { setTransportHeaders } from '~/http/security-headers.server'
import { requireStaff } from '~/office/office.server'

// Files take no posts.
export { refuseAnyPost as action } from '~/forms/pipeline.server'

// Quoted, and a leading =, +, - or @ neutralised, so a spreadsheet never runs a cell as a formula.
function csvCell(value: string) {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const rows = await newsletterSubscribers()
  const lines = [
    ['email', 'subscribed_at', 'confirmed_at', 'unsubscribe_link'],
    ...rows.map((row) => [row.email, row.subscribed_at, row.confirmed_at ?? '', unsubscribeUrl(row.unsubscribe_token)]),
  ]
  const headers = new Headers({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': 'attachment; filename="newsletter-subscribers.csv"',
    'Cache-Control': PRIVATE_CACHE_CONTROL,
  })
  setTransportHeaders(headers)
  return new Response(`${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`, { headers })
}
