// Every page is rendered to a complete document on the server, then answered one of two ways:
// - the same for every visitor (see isSameForEveryone): no nonce, a CSP of the SHA-256 of each
//   inline script; rendered once per key (page-cache.server.ts) and sent pre-compressed. A GET
//   of it gets a public Cache-Control, so nginx or a CDN may store it whole; a form's result
//   (a thank-you page) stays `private, no-store`;
// - anything else (a signed-in visitor, a form's errors, an error page): a fresh CSP nonce
//   and `private, no-store`, compressed on the way out by the server.
import { PassThrough } from 'node:stream'

import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

import { scheduleRetention } from '~/db/retention.server'
import { isSameForEveryone, isShareable, matchesEtag, PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL, SHARED_VARY } from '~/http/cache-control.server'
import { consentedSchedulingScript } from '~/http/cookie-consent.server'
import { NonceProvider } from '~/http/nonce'
import { chooseEncoding, getOrRenderPage, pageKey, type CachedPage } from '~/http/page-cache.server'
import { createNonce, setSecurityHeaders } from '~/http/security-headers.server'

const ABORT_DELAY_MS = 5_000

// Open the database (and run its migrations) when the server starts, not on the first form post,
// and delete what the privacy notice says we no longer keep.
scheduleRetention()

// Pages have no deferred data, so the whole document is rendered before it is sent:
// one code path for browsers and crawlers, and a complete body to hash and compress.
function renderDocument(request: Request, remixContext: EntryContext, nonce?: string) {
  return new Promise<{ html: string; failed: boolean }>((resolve, reject) => {
    let failed = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = []
          const body = new PassThrough()
          body.on('data', (chunk: Buffer) => chunks.push(chunk))
          body.on('end', () => resolve({ html: Buffer.concat(chunks).toString('utf8'), failed }))
          pipe(body)
        },
        onShellError(error) {
          reject(error)
        },
        onError(error) {
          failed = true
          console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY_MS)
  })
}

export default async function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  headers.set('Content-Type', 'text/html; charset=utf-8')
  const consentedScript = consentedSchedulingScript(request.headers.get('Cookie'))
  // The handoff is the loaders' and the action's data as the page embeds them (always there
  // while single fetch, which streams the data instead, is off).
  const handoff = remixContext.serverHandoffString
  if (handoff !== undefined && isSameForEveryone(request, status, headers)) {
    const { pathname, search } = new URL(request.url)
    const key = pageKey(remixContext.manifest.version, `${request.method} ${pathname}${search}`, handoff)
    const shareable = isShareable(request, status, headers)
    const page = await getOrRenderPage(
      key,
      async () => {
        const { html, failed } = await renderDocument(request, remixContext)
        return failed ? null : html
      },
      { compress: shareable },
    )
    if (page) return reusedPageResponse(request, headers, page, consentedScript, shareable)
  }
  // A personal page, or a shared one whose render failed (logged): rendered with a nonce.
  const nonce = createNonce()
  const { html, failed } = await renderDocument(request, remixContext, nonce)
  setSecurityHeaders(headers, { nonce }, consentedScript)
  headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  return new Response(html, { status: failed ? 500 : status, headers })
}

/**
 * A page rendered once, sent as it was kept: a GET's to anyone and any cache (public, with its
 * ETag); a form's result (a thank-you page) reused, but never stored by a shared cache, as it
 * answers one visitor's post.
 */
function reusedPageResponse(request: Request, headers: Headers, page: CachedPage, consentedScript: string | null, shareable: boolean) {
  setSecurityHeaders(headers, { hashes: page.scriptHashes }, consentedScript)
  headers.set('Cache-Control', shareable ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
  headers.set('Vary', SHARED_VARY)
  if (shareable) {
    headers.set('ETag', page.etag)
    if (matchesEtag(request, page.etag)) return new Response(null, { status: 304, headers })
  }
  const encoding = chooseEncoding(request.headers.get('Accept-Encoding'))
  const compressed = encoding ? page[encoding] : null
  if (encoding && compressed) headers.set('Content-Encoding', encoding)
  const body = compressed ?? page.identity
  headers.set('Content-Length', String(body.length))
  return new Response(new Uint8Array(body), { status: 200, headers })
}

// Loader data for client-side navigations follows the same caching rules as the pages.
export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (isShareable(request, response.status, response.headers)) {
    response.headers.set('Cache-Control', SHARED_CACHE_CONTROL)
    response.headers.append('Vary', 'Cookie')
  } else {
    response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  }
  return response
}
