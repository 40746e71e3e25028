// The catch-all: any URL no other route claims answers 404, rendered by the
// root ErrorBoundary inside the normal header and footer.
import type { ActionFunctionArgs } from '@remix-run/node'

import { discardBody } from '~/forms/pipeline.server'

export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export async function action({ request }: ActionFunctionArgs) {
  await discardBody(request)
  throw new Response('Not Found', { status: 404 })
}

export default function NotFoundRoute() {
  return null
}
