// What /dashboard loads: the signed-in member's page, never from a shared cache.
import { json, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'

import { getPage } from '~/content/pages.server'
import { requireUser } from '~/accounts/session.server'

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

const MEMBER_SINCE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(
    {
      page: await getPage('dashboard'),
      user: { name: user.name, email: user.email, memberSince: MEMBER_SINCE.format(new Date(user.createdAt)) },
    },
    // A signed-in page must never be served to someone else from a shared cache.
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}
