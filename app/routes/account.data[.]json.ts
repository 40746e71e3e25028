// A copy of everything held about the signed-in account, as a JSON file to download (UK GDPR
// access and portability; issue 28). Signed out: to /login, and back here afterwards.
import type { LoaderFunctionArgs } from '@remix-run/node'

import { accountDataFile } from '~/accounts/own-account.server'
import { requireUser } from '~/accounts/session.server'
import { PRIVATE_CACHE_CONTROL } from '~/http/cache-control.server'
import { setTransportHeaders } from '~/http/security-headers.server'

// Files take no posts.
export { refuseAnyPost as action } from '~/forms/pipeline.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const now = new Date()
  const headers = new Headers({
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="brightwell-account-${now.toISOString().slice(0, 10)}.json"`,
    'Cache-Control': PRIVATE_CACHE_CONTROL,
  })
  setTransportHeaders(headers)
  return new Response(await accountDataFile(user, now), { headers })
}
