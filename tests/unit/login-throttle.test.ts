// Login throttling behind a proxy: the proxy appends the address it saw to X-Forwarded-For,
// so only the right-most entry names the client; the client writes whatever it likes to its left.
import { expect, test } from 'vitest'

import { withFreshDatabase } from './fresh-database'

withFreshDatabase('login-throttle', { TRUST_PROXY: '1' })

const PROXY_SAW = '203.0.113.7'

function loginFrom(forwardedFor: string, email: string) {
  return new Request('http://localhost/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': forwardedFor },
    body: new URLSearchParams({ email, password: 'wrong-password', redirectTo: '/dashboard' }),
  })
}

test('the client address is the right-most X-Forwarded-For entry', async () => {
  const { clientAddress } = await import('~/http/client-address.server')
  const request = (value: string) => new Request('http://localhost/', { headers: { 'X-Forwarded-For': value } })
  expect(clientAddress(request(`198.51.100.1, ${PROXY_SAW}`))).toBe(PROXY_SAW)
  expect(clientAddress(request(` ${PROXY_SAW} `))).toBe(PROXY_SAW)
  expect(clientAddress(new Request('http://localhost/'))).toBeNull()
})

test('30 guesses with a different spoofed left-most address each are still throttled per client', async () => {
  const { action } = await import('~/routes/login/login.server')
  const statuses: number[] = []
  for (let attempt = 0; attempt < 30; attempt++) {
    // A fresh e-mail each time, so only the per-client limit (20 in 15 minutes) can stop them.
    const response = await action({ request: loginFrom(`10.0.${attempt}.1, ${PROXY_SAW}`, `guess${attempt}@example.com`), params: {}, context: {} })
    statuses.push(response.status)
  }
  expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true)
  expect(statuses.slice(20)).toEqual(Array(10).fill(429))
})
