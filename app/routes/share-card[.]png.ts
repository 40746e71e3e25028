// /share-card.png?page=/students/faqs: the image a chat app shows for a shared page (og:image),
// drawn once per process from the page's own words (content/share-card.server.tsx). The same for
// everyone; 404 for a page that is not public.
import type { LoaderFunctionArgs } from '@remix-run/node'

import { shareCard } from '~/content/share-card.server'
import { sharedFileHeaders } from '~/http/cache-control.server'
import { httpError } from '~/http/responses.server'
import { setTransportHeaders } from '~/http/security-headers.server'

// Files take no posts.
export { refuseAnyPost as action } from '~/forms/pipeline.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get('page') ?? ''
  const png = page.length <= 200 && page.startsWith('/') ? await shareCard(page) : null
  if (!png) throw httpError(404, 'Not Found')
  const headers = sharedFileHeaders(request, 'image/png', `?${new URLSearchParams({ page })}`)
  setTransportHeaders(headers)
  return new Response(new Uint8Array(png), { headers })
}
