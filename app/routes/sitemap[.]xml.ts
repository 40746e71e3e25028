// /sitemap.xml: every public page at its absolute address, with when its content last changed
// (content/sitemap.server.ts). The same for everyone.
import type { LoaderFunctionArgs } from '@remix-run/node'

import { sitemapEntries } from '~/content/sitemap.server'
import { getEnv } from '~/env.server'
import { sharedFileHeaders } from '~/http/cache-control.server'
import { setTransportHeaders } from '~/http/security-headers.server'

// Files take no posts.
export { refuseAnyPost as action } from '~/forms/pipeline.server'

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = getEnv().siteUrl
  const urls = (await sitemapEntries()).map(({ path, lastModified }) =>
    ['  <url>', `    <loc>${escapeXml(origin + path)}</loc>`, ...(lastModified ? [`    <lastmod>${lastModified}</lastmod>`] : []), '  </url>'].join('\n'),
  )
  const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
  const headers = sharedFileHeaders(request, 'application/xml; charset=utf-8')
  setTransportHeaders(headers)
  return new Response(xml, { headers })
}
