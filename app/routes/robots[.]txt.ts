// /robots.txt: the public site may be crawled, the pages of one person or one link's token may not
// (NOT_INDEXED_PATHS), and the sitemap is named by its absolute address. The same for everyone.
import type { LoaderFunctionArgs } from '@remix-run/node'

import { getEnv } from '~/env.server'
import { sharedFileHeaders } from '~/http/cache-control.server'
import { setTransportHeaders } from '~/http/security-headers.server'
import { NOT_INDEXED_PATHS } from '~/site'

// Files take no posts.
export { refuseAnyPost as action } from '~/forms/pipeline.server'

export function loader({ request }: LoaderFunctionArgs) {
  const lines = ['User-agent: *', 'Allow: /', ...NOT_INDEXED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${getEnv().siteUrl}/sitemap.xml`, '']
  const headers = sharedFileHeaders(request, 'text/plain; charset=utf-8')
  setTransportHeaders(headers)
  return new Response(lines.join('\n'), { headers })
}
