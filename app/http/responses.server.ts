// Redirects and error answers, private like every response whose route has not declared it the
// same for everyone. Remix sends a loader's or an action's redirect as it is, and a resource
// route's thrown answer too, without the document entry that gives every other response its
// Cache-Control: so the header is set here, where they are made.
import { redirect as remixRedirect } from '@remix-run/node'

import { PRIVATE_CACHE_CONTROL } from '~/http/cache-control.server'
import { setTransportHeaders } from '~/http/security-headers.server'

export function redirect(url: string, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  setTransportHeaders(headers)
  return remixRedirect(url, { ...init, headers })
}

/** An error answer, to throw: a page shows it in its error boundary, a resource route sends it as is. */
export function httpError(status: number, text: string, extraHeaders: Record<string, string> = {}) {
  const headers = new Headers(extraHeaders)
  headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
  setTransportHeaders(headers)
  return new Response(text, { status, headers })
}
