import { expect, test } from 'vitest'

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
