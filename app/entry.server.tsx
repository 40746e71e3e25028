// Every page is rendered to a complete document on the server, then answered one of two ways:
// - a page its route declares the same for every visitor (sharedPage), asked for with a GET by a
//   visitor without a session: no nonce, a CSP of the SHA-256 of each inline script; rendered once
//   per page and data (page-cache.server.ts) at its canonical URL, sent pre-compressed with a public
//   Cache-Control, so nginx or a CDN may store it whole;
// - anything else (the default: a signed-in visitor, a form's result, a token page, an error page):
//   a fresh CSP nonce and `private, no-store`, compressed on the way out by the server.
import { PassThrough } from 'node:stream'

import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

import { scheduleRetention } from '~/db/retention.server'
import { declaredSharedPage, isAskedAtItsUrl, matchesEtag, mayShare, PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL, SHARED_VARY } from '~/http/cache-control.server'
import { consentedSchedulingScript, readConsent } from '~/http/cookie-consent.server'
import { NonceProvider } from '~/http/nonce'
import { chooseEncoding, getOrRenderPage, pageKey, type CachedPage } from '~/http/page-cache.server'
import { createNonce, setSecurityHeaders, setTransportHeaders } from '~/http/security-headers.server'
import { startLessonReminders } from '~/lessons/reminders.server'
import { reportMailTransport, startMailSender } from '~/mail/mail.server'

const ABORT_DELAY_MS = 5_000

// Open the database (and run its migrations) when the server starts, not on the first form post,
// and delete what the privacy notice says we no longer keep; say where mail goes.
scheduleRetention()
reportMailTransport()
startMailSender()
startLessonReminders()

/**
 * What the framework reports: logged, unless the request was given up or it is the client's own
 * mistake, a 4xx Remix answers itself (a post to a page without a form, OPTIONS, a ?_data naming no
 * route), whose stack trace says nothing about us and would let any client fill the log at will.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return
  // Remix's own error responses carry the Error that explains them.
  console.error(isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error)
}

/**
 * React 18.3's stream writes a whole 2 KB view when a character of several bytes does not fit the
 * end of it, unused zero bytes included (facebook/react#31134): a page then carries U+0000, which
 * HTML forbids, wherever a "…" or "£" meets a 2 KB boundary. No byte of a UTF-8 character is zero,
 * and no page of ours has U+0000, so every zero byte is React's and goes.
 */
function withoutNulBytes(html: Buffer) {
  return html.includes(0) ? Buffer.from(html.filter((byte) => byte !== 0)) : html
}

// Pages have no deferred data, so the whole document is rendered before it is sent:
// one code path for browsers and crawlers, and a complete body to hash and compress.
function renderDocument(url: string, remixContext: EntryContext, nonce?: string) {
  return new Promise<{ html: string; failed: boolean }>((resolve, reject) => {
    let failed = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={url} abortDelay={ABORT_DELAY_MS} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = []
          const body = new PassThrough()
          body.on('data', (chunk: Buffer) => chunks.push(chunk))
          body.on('end', () => resolve({ html: withoutNulBytes(Buffer.concat(chunks)).toString('utf8'), failed }))
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

/**
 * The context as if the request had asked for the page at `page` (its pathname and canonical
 * query): what the document shows of its own URL (return paths in the footer's forms, a form's
 * action) is then the same whatever else the visitor's URL carried.
 */
function atPage(remixContext: EntryContext, page: string): EntryContext {
  const { staticHandlerContext } = remixContext
  const { pathname, search } = new URL(page, 'http://page.invalid')
  return { ...remixContext, staticHandlerContext: { ...staticHandlerContext, location: { ...staticHandlerContext.location, pathname, search } } }
}

export default async function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  headers.set('Content-Type', 'text/html; charset=utf-8')
  const consentedScript = consentedSchedulingScript(await readConsent(request.headers.get('Cookie')))
  const { matches, loaderHeaders } = remixContext.staticHandlerContext
  const leaf = matches.at(-1)
  const page = declaredSharedPage(leaf && loaderHeaders[leaf.route.id])
  // The handoff is the loaders' data as the page embeds them (always there while single fetch,
  // which streams the data instead, is off).
  const handoff = remixContext.serverHandoffString
  if (page !== null && handoff !== undefined && mayShare(request, status, headers)) {
    const kept = await getOrRenderPage(pageKey(remixContext.manifest.version, page, handoff), async () => {
      const { html, failed } = await renderDocument(new URL(page, request.url).href, atPage(remixContext, page))
      return failed ? null : html
    })
    if (kept) return sharedPageResponse(request, headers, kept, consentedScript, isAskedAtItsUrl(request, page))
  }
  // A personal page, or a shared one whose render failed (logged): rendered with a nonce.
  const nonce = createNonce()
  const { html, failed } = await renderDocument(request.url, remixContext, nonce)
  setSecurityHeaders(headers, { nonce }, consentedScript)
  headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  return new Response(html, { status: failed ? 500 : status, headers })
}

/** A page rendered once, sent as it was kept, with its ETag: to anyone and any cache when asked for at its own URL (`public`), else privately. */
function sharedPageResponse(request: Request, headers: Headers, page: CachedPage, consentedScript: string | null, isPublic: boolean) {
  setSecurityHeaders(headers, { hashes: page.scriptHashes }, consentedScript)
  headers.set('Cache-Control', isPublic ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
  // Sent privately, the body still depends on what the client takes (Content-Encoding).
  headers.set('Vary', isPublic ? SHARED_VARY : 'Accept-Encoding')
  headers.set('ETag', page.etag)
  if (matchesEtag(request, page.etag)) return new Response(null, { status: 304, headers })
  const encoding = chooseEncoding(request.headers.get('Accept-Encoding'))
  if (encoding) headers.set('Content-Encoding', encoding)
  const body = encoding ? page[encoding] : page.identity
  headers.set('Content-Length', String(body.length))
  return new Response(new Uint8Array(body), { status: 200, headers })
}

// Loader data for client-side navigations follows the same rules as the pages: private unless
// the route declared it shared and this visitor's GET may share it.
export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const page = declaredSharedPage(response.headers)
  const shared = page !== null && mayShare(request, response.status, response.headers) && isAskedAtItsUrl(request, page)
  // The page's canonical URL is not this data's.
  response.headers.delete('Content-Location')
  response.headers.set('Cache-Control', shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
  if (shared) response.headers.append('Vary', 'Cookie')
  setTransportHeaders(response.headers)
  return response
}
