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
