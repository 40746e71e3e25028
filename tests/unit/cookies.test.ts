import { afterEach, expect, test, vi } from 'vitest'

afterEach(() => vi.unstubAllEnvs())

async function freshFlash(nodeEnv: string) {
  vi.resetModules()
  vi.stubEnv('NODE_ENV', nodeEnv)
  vi.stubEnv('SESSION_SECRET', 'a'.repeat(64))
  return import('~/http/flash.server')
}

test('the flash cookie is HttpOnly and SameSite=Lax, and Secure in production like the others', async () => {
  const production = await freshFlash('production')
  expect(production.flashCookie('newsletter:subscribed')).toMatch(/; HttpOnly; SameSite=Lax; Secure$/)
  const development = await freshFlash('development')
  expect(development.flashCookie('newsletter:subscribed')).not.toContain('Secure')
})

test('reading a flash clears it with the same attributes', async () => {
  const { readFlash } = await freshFlash('production')
  const flash = readFlash(new Request('http://localhost/', { headers: { Cookie: 'flash=newsletter%3Asubscribed' } }))
  expect(flash?.flash?.key).toBe('newsletter:subscribed')
  expect(flash?.clearCookie).toBe('flash=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure')
})

test('a session cookie is seen however the header spaces it, as Remix reads it: such a visitor is never served a shared page', async () => {
  const { mayShare } = await import('~/http/cache-control.server')
  for (const cookie of ['__session=abc', '__session =abc', 'a=1;  __session = abc', 'a=1;__session=abc']) {
    expect(mayShare(new Request('http://localhost/', { headers: { Cookie: cookie } }), 200, new Headers()), cookie).toBe(false)
  }
  expect(mayShare(new Request('http://localhost/', { headers: { Cookie: 'cookie_consent=rejected' } }), 200, new Headers())).toBe(true)
})
