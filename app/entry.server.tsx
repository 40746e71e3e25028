import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'

import type { EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'

import { NonceProvider } from '~/nonce'
import { scheduleRetention } from '~/retention.server'
import { setSecurityHeaders } from '~/security-headers.server'

const ABORT_DELAY_MS = 5_000

// Open the database (and run its migrations) when the server starts, not on the first form post,
// and delete what the privacy notice says we no longer keep.
scheduleRetention()

// Pages have no deferred data, so the whole document is rendered before it is
// sent: one code path for browsers and crawlers, and a complete body to measure.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = randomBytes(16).toString('base64')
  return new Promise<Response>((resolve, reject) => {
    let didError = false
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
          body.on('end', () => {
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            setSecurityHeaders(responseHeaders, nonce)
            resolve(new Response(Buffer.concat(chunks), { status: didError ? 500 : responseStatusCode, headers: responseHeaders }))
          })
          pipe(body)
        },
        onShellError(error) {
          reject(error)
        },
        onError(error) {
          didError = true
          console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY_MS)
  })
}
