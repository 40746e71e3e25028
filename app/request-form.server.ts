// Every action reads its body through here. A client can send anything, so a
// bad body is a 4xx, never a 5xx; and a post from another site is refused.
const MAX_BODY_BYTES = 64 * 1024

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

// Counts the bytes as they arrive, so a body sent without Content-Length is capped too.
// On overflow the reader is released, not cancelled: cancelling would destroy the
// socket before the 413 is sent, while Node discards the unread rest by itself.
async function readBodyWithin(request: Request, limit: number): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = []
  const reader = request.body?.getReader()
  let size = 0
  while (reader) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      reader.releaseLock()
      throw new Response('Payload Too Large', { status: 413 })
    }
    chunks.push(new Uint8Array(value))
  }
  return new Blob(chunks)
}

export async function readForm(request: Request): Promise<FormData> {
  if (isCrossSite(request)) throw new Response('Cross-site form posts are not accepted', { status: 403 })
  const length = Number(request.headers.get('Content-Length') ?? '0')
  if (length > MAX_BODY_BYTES) throw new Response('Payload Too Large', { status: 413 })
  const body = await readBodyWithin(request, MAX_BODY_BYTES)
  try {
    return await new Response(body, { headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' } }).formData()
  } catch {
    throw new Response('Bad Request', { status: 400 })
  }
}
