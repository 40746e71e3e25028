// Redirects, error answers and a resource route's data, private like every response whose route has
// not declared it the same for everyone. Remix sends a loader's or an action's redirect as it is, and a
// resource route's answer too, without the document entry that gives every other response its
// Cache-Control: so the header is set here, where they are made.
import { json, redirect as remixRedirect } from '@remix-run/node'

import { PRIVATE_CACHE_CONTROL } from '~/http/cache-control.server'
import { setTransportHeaders } from '~/http/security-headers.server'

function privateHeaders(init: HeadersInit | undefined) {
  const headers = new Headers(init)
  headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  setTransportHeaders(headers)
  return headers
}

export function redirect(url: string, init: ResponseInit = {}) {
  return remixRedirect(url, { ...init, headers: privateHeaders(init.headers) })
}

/** An error answer, to throw: a page shows it in its error boundary, a resource route sends it as is. */
export function httpError(status: number, text: string, extraHeaders: Record<string, string> = {}) {
  return new Response(text, { status, headers: privateHeaders(extraHeaders) })
}

/** A resource route's data answer: a page's script may post without Remix's `?_data` (the promo banner's close does), and then nothing else sets these headers. */
export function privateJson<Data>(data: Data, init: ResponseInit = {}) {
  return json(data, { ...init, headers: privateHeaders(init.headers) })
}
