import { expect, test, vi } from 'vitest'

import { readSubmission } from '~/forms/pipeline.server'
import { NoFieldsSchema } from '~/forms/rules'

const CHUNK_BYTES = 16 * 1024

/** A streamed form post of `chunks` pieces that counts how many bytes the server has read. */
function streamedPost(chunks: number, headers: Record<string, string> = {}) {
  const sent = { bytes: 0 }
  let left = chunks
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left-- === 0) return controller.close()
      sent.bytes += CHUNK_BYTES
      controller.enqueue(new TextEncoder().encode('x'.repeat(CHUNK_BYTES)))
    },
  })
  const request = new Request('http://localhost/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
    duplex: 'half',
  } as RequestInit)
  return { request, sent }
}

async function refusal(request: Request) {
  try {
    await readSubmission(request, NoFieldsSchema)
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
  return 'accepted'
}

test('a body over 64 KB is refused with 413 after being read to its end, so the connection stays usable', async () => {
  const { request, sent } = streamedPost(64)
  expect(await refusal(request)).toBe(413)
  expect(sent.bytes).toBe(64 * CHUNK_BYTES)
})

test('a cross-site post is refused with 403 after its body is read to its end', async () => {
  const { request, sent } = streamedPost(8, { 'Sec-Fetch-Site': 'cross-site' })
  expect(await refusal(request)).toBe(403)
  expect(sent.bytes).toBe(8 * CHUNK_BYTES)
})

// Our forms send text only. A field sent as a file was dropped as if missing: a tutor's weekly hours,
// a list field, were saved empty.
test('a form with a file in it is refused with 400, whatever the field', async () => {
  const { AvailabilitySchema } = await import('~/forms/office')
  const form = new FormData()
  form.append('slots', new Blob(['Mon 17:00']), 'hours.txt')
  const request = new Request('http://localhost/dashboard?intent=availability', { method: 'POST', body: form })
  try {
    await readSubmission(request, AvailabilitySchema)
    expect.unreachable('the form was read')
  } catch (error) {
    expect(error).toBeInstanceOf(Response)
    expect((error as Response).status).toBe(400)
  }
})

test('a post to a file the site serves (robots.txt, a calendar file, a data copy…) is a private 405 naming the methods it takes', async () => {
  const routes = await Promise.all([
    import('~/routes/robots[.]txt'),
    import('~/routes/sitemap[.]xml'),
    import('~/routes/share-card[.]png'),
    import('~/routes/account.data[.]json'),
    import('~/routes/dashboard.lessons.$id[.]ics'),
    import('~/routes/office.newsletter[.]csv'),
  ])
  for (const route of routes) {
    expect(route, 'a route without an action is answered by Remix: no Cache-Control, "Unexpected Server Error"').toHaveProperty('action')
    const request = new Request('http://localhost/robots.txt', { method: 'POST', body: 'x=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    const refusal = await (route as unknown as { action: (args: { request: Request; params: object; context: object }) => Promise<unknown> }).action({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown)
    expect(refusal).toBeInstanceOf(Response)
    const response = refusal as Response
    expect([response.status, response.headers.get('Allow'), response.headers.get('Cache-Control')]).toEqual([405, 'GET, HEAD', 'private, no-store'])
  }
})

test("the server's log keeps what went wrong on our side, not a client's 4xx mistakes (a post to a page without a form, an unknown ?_data)", async () => {
  const { handleError } = await import('~/entry.server')
  // What Remix hands the handler for a client's mistake: its own ErrorResponse, carrying the Error it would log.
  const { UNSAFE_ErrorResponseImpl: ErrorResponseImpl } = await import('@remix-run/router')
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const request = new Request('http://localhost/tutors/find', { method: 'POST' })
  handleError(new ErrorResponseImpl(405, 'Method Not Allowed', new Error('You made a POST request to "/tutors/find" but did not provide an `action`'), true), { request, params: {}, context: {} })
  expect(logged).not.toHaveBeenCalled()
  handleError(new Error('the database is gone'), { request, params: {}, context: {} })
  expect(logged).toHaveBeenCalledTimes(1)
})
