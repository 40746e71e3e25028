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

export async function readForm(request: Request): Promise<FormData> {
  if (isCrossSite(request)) throw new Response('Cross-site form posts are not accepted', { status: 403 })
  const length = Number(request.headers.get('Content-Length') ?? '0')
  if (length > MAX_BODY_BYTES) throw new Response('Payload Too Large', { status: 413 })
  try {
    return await request.formData()
  } catch {
    throw new Response('Bad Request', { status: 400 })
  }
}
