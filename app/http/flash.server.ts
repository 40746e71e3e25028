// One-request notices after a POST without JavaScript (post, redirect, show once). The cookie
// carries a key of forms/flash-messages.ts, never visitor text; which keys exist is not this
// module's business.
import { siteCookie } from '~/http/cookies.server'

const flashCookie = () => siteCookie('flash', { maxAge: 60 })

/** The Set-Cookie header that shows `key`'s notice on the next page. */
export function setFlash(key: string) {
  return flashCookie().serialize(key)
}

/** The flash key the request carries (null if it is not one we could have written), and the header that clears it; null without a flash. */
export async function readFlash(request: Request) {
  const value: unknown = await flashCookie().parse(request.headers.get('Cookie'))
  if (value === null) return null
  return { key: typeof value === 'string' ? value : null, clearCookie: await flashCookie().serialize('', { maxAge: 0 }) }
}
