import { afterEach, expect, test, vi } from 'vitest'

afterEach(() => vi.unstubAllEnvs())

async function freshCookies(nodeEnv: string) {
  vi.resetModules()
  vi.stubEnv('NODE_ENV', nodeEnv)
  vi.stubEnv('SESSION_SECRET', 'a'.repeat(64))
  const [flash, consent, promo] = await Promise.all([import('~/http/flash.server'), import('~/http/cookie-consent.server'), import('~/http/promo-banner.server')])
  return { ...flash, ...consent, ...promo }
}

test('every cookie we set is HttpOnly, SameSite=Lax and for the whole site, and Secure in production only', async () => {
  const production = await freshCookies('production')
  const set = [await production.setFlash('newsletter:check-inbox'), await production.setConsent('accepted'), await production.dismissPromo()]
  for (const cookie of set) expect(cookie).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
  expect(set.map((cookie) => cookie.match(/Max-Age=(\d+)/)?.[1])).toEqual(['60', String(183 * 24 * 60 * 60), String(365 * 24 * 60 * 60)])
  const development = await freshCookies('development')
  for (const cookie of [await development.setFlash('newsletter:check-inbox'), await development.setConsent('accepted'), await development.dismissPromo()]) {
    expect(cookie).not.toContain('Secure')
  }
})

test('each cookie reads back what was set, and a value we did not write reads as nothing', async () => {
  const cookies = await freshCookies('production')
  const header = (setCookie: string) => setCookie.split(';')[0]!
  const flash = await cookies.readFlash(new Request('http://localhost/', { headers: { Cookie: header(await cookies.setFlash('newsletter:check-inbox')) } }))
  expect(flash?.key).toBe('newsletter:check-inbox')
  expect(flash?.clearCookie).toMatch(/^flash=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
  expect(await cookies.readConsent(header(await cookies.setConsent('rejected')))).toBe('rejected')
  expect(await cookies.isPromoDismissed(header(await cookies.dismissPromo()))).toBe(true)

  // Values as the hand-written cookies had them, and garbage: not ours, so no answer.
  expect(await cookies.readConsent('cookie_consent=accepted')).toBeNull()
  expect(await cookies.isPromoDismissed('promo_dismissed=1')).toBe(false)
  expect((await cookies.readFlash(new Request('http://localhost/', { headers: { Cookie: 'flash=%' } })))?.key ?? null).toBeNull()
})

test('a session cookie is seen however the header spaces it, as Remix reads it: such a visitor is never served a shared page', async () => {
  const { mayShare } = await import('~/http/cache-control.server')
  for (const cookie of ['__session=abc', '__session =abc', 'a=1;  __session = abc', 'a=1;__session=abc']) {
    expect(mayShare(new Request('http://localhost/', { headers: { Cookie: cookie } }), 200, new Headers()), cookie).toBe(false)
  }
  expect(mayShare(new Request('http://localhost/', { headers: { Cookie: 'cookie_consent=rejected' } }), 200, new Headers())).toBe(true)
})
