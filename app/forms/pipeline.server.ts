// Every action reads its body through here. A client can send anything, so a
// bad body is a 4xx, never a 5xx; and a post from another site is refused.
const MAX_BODY_BYTES = 64 * 1024
// A refused body is still read to its end, up to this much, before the answer: left unread, it
// blocks the keep-alive connection (Node parses no further request on it), so the client's next
// request hangs until the idle timeout resets the connection, often taking our 413 or 403 with it.
const MAX_DISCARDED_BYTES = 8 * 1024 * 1024

function isCrossSite(request: Request) {
  const fetchSite = request.headers.get('Sec-Fetch-Site')
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true
  const origin = request.headers.get('Origin')
  if (!origin || origin === 'null') return origin === 'null'
  try {
    return new URL(origin).host !== new URL(request.url).host
  } catch {
    return true
  }
}

// Reads and drops the rest of a body, up to MAX_DISCARDED_BYTES. Past that the reader is
// released, not cancelled: cancelling would destroy the socket before the answer is sent.
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array> | undefined, alreadyRead = 0) {
  let size = alreadyRead
  while (reader && size <= MAX_DISCARDED_BYTES) {
    const { done, value } = await reader.read()
    if (done) return
    size += value.byteLength
  }
  reader?.releaseLock()
}

/** For actions that refuse a request before reading its form: drops the body so the connection stays usable. */
export async function discardBody(request: Request) {
  if (!request.bodyUsed) await discardRest(request.body?.getReader())
}

// Counts the bytes as they arrive, so a body sent without Content-Length is capped too.
async function readBodyWithin(request: Request, limit: number): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = []
  const reader = request.body?.getReader()
  let size = 0
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await discardRest(reader, size)
      throw new Response('Payload Too Large', { status: 413 })
    }
    chunks.push(new Uint8Array(value))
  }
  return new Blob(chunks)
}

export async function readForm(request: Request): Promise<FormData> {
  if (isCrossSite(request)) {
    await discardBody(request)
    throw new Response('Cross-site form posts are not accepted', { status: 403 })
  }
  const length = Number(request.headers.get('Content-Length') ?? '0')
  if (length > MAX_BODY_BYTES) {
    await discardBody(request)
    throw new Response('Payload Too Large', { status: 413 })
  }
  const body = await readBodyWithin(request, MAX_BODY_BYTES)
  try {
    return await new Response(body, { headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' } }).formData()
  } catch {
    throw new Response('Bad Request', { status: 400 })
  }
}
