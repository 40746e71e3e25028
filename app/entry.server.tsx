import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'

import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

import { consentedSchedulingScript } from '~/http/cookie-consent.server'
import { isSameForEveryone, isShareable, matchesEtag, pageVersion, setCacheControl } from '~/http/cache-control.server'
import { withHydrationAfterFirstPaint } from '~/http/hydration-after-paint.server'
import { NonceProvider } from '~/http/nonce'
import { acceptsGzip, createNonce, gzippedWithNonce, splitAtNonce, withNonce, type NoncedPage } from '~/nonced-page.server'
import { rememberedPage, rememberPage } from '~/http/page-cache.server'
import { scheduleRetention } from '~/db/retention.server'
import { setSecurityHeaders } from '~/http/security-headers.server'

const ABORT_DELAY_MS = 5_000

// Pages render with this stand-in for the CSP nonce, and each response swaps in its own
// fresh nonce, so a rendered page can be reused. It is random per process and never
// leaves it, so no content can guess it and smuggle a nonce in.
const NONCE_PLACEHOLDER = randomBytes(18).toString('base64url')

// Open the database (and run its migrations) when the server starts, not on the first form post,
// and delete what the privacy notice says we no longer keep.
scheduleRetention()

// Pages have no deferred data, so the whole document is rendered before it is
// sent: one code path for browsers and crawlers, and a complete body to measure.
function renderDocument(request: Request, remixContext: EntryContext) {
  return new Promise<{ html: string; failed: boolean }>((resolve, reject) => {
    let failed = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={NONCE_PLACEHOLDER}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
      </NonceProvider>,
      {
        nonce: NONCE_PLACEHOLDER,
        onAllReady() {
          const chunks: Buffer[] = []
          const body = new PassThrough()
          body.on('data', (chunk: Buffer) => chunks.push(chunk))
          body.on('end', () => resolve({ html: withHydrationAfterFirstPaint(Buffer.concat(chunks).toString('utf8')), failed }))
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

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = createNonce()
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  setSecurityHeaders(responseHeaders, nonce, consentedSchedulingScript(request.headers.get('Cookie')))

  if (!isSameForEveryone(request, responseStatusCode, responseHeaders)) {
    const { html, failed } = await renderDocument(request, remixContext)
    return documentResponse(withNonce(splitAtNonce(html, NONCE_PLACEHOLDER, { compress: false }), nonce), failed ? 500 : responseStatusCode, responseHeaders)
  }

  const { pathname, search } = new URL(request.url)
  const { loaderData, actionData } = remixContext.staticHandlerContext
  const state = remixContext.serverHandoffString ?? JSON.stringify({ loaderData, actionData })
  const version = pageVersion(remixContext.manifest.version, pathname + search, state)
  const shareable = isShareable(request, responseStatusCode, responseHeaders)
  if (shareable && matchesEtag(request, version)) return new Response(null, { status: 304, headers: notModifiedHeaders(version) })
  let page = rememberedPage(version)
  if (page === undefined) {
    const rendered = await renderDocument(request, remixContext)
    page = splitAtNonce(rendered.html, NONCE_PLACEHOLDER, { compress: !rendered.failed })
    if (rendered.failed) return documentResponse(withNonce(page, nonce), 500, responseHeaders)
    rememberPage(version, page)
  }
  const body = reusedPageBody(page, nonce, request, responseHeaders)
  if (!shareable) return documentResponse(body, responseStatusCode, responseHeaders)
  return new Response(body, { status: responseStatusCode, headers: sharedHeaders(responseHeaders, version) })
}

// A reused page goes out already gzip'd when the browser takes gzip; the server's own
// compression leaves a response that names its encoding alone.
function reusedPageBody(page: NoncedPage, nonce: string, request: Request, headers: Headers) {
  headers.append('Vary', 'Accept-Encoding')
  const gzipped = acceptsGzip(request.headers.get('Accept-Encoding')) ? gzippedWithNonce(page, nonce) : null
  if (gzipped === null) return withNonce(page, nonce)
  headers.set('Content-Encoding', 'gzip')
  return gzipped
}

// A 304 updates the headers the browser stored with the page, so it must not carry this
// response's CSP: its nonce would not match the scripts in the stored page.
function notModifiedHeaders(etag: string) {
  const headers = new Headers({ ETag: etag, Vary: 'Accept-Encoding' })
  setCacheControl(headers, true)
  return headers
}

function sharedHeaders(headers: Headers, etag: string) {
  setCacheControl(headers, true)
  headers.set('ETag', etag)
  return headers
}

function documentResponse(body: Uint8Array<ArrayBuffer>, status: number, headers: Headers) {
  setCacheControl(headers, false)
  return new Response(body, { status, headers })
}

// Loader data for client-side navigations follows the same caching rules as the pages.
export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  setCacheControl(response.headers, isShareable(request, response.status, response.headers))
  return response
}
