// Who a request comes from, for the per-client limits: the socket's address with no proxy in
// front, else what the trusted proxies appended to X-Forwarded-For. Whatever else a client
// writes into that header is its own invention.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { describe, expect, test } from 'vitest'

import { withFreshDatabase } from './fresh-database'

const NGINX = '127.0.0.1'
const CLIENT = '203.0.113.7'

const withForwardedFor = (value: string) => new Request('http://localhost/', { headers: { 'X-Forwarded-For': value } })

function loginFrom(forwardedFor: string, email: string) {
  return new Request('http://localhost/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': forwardedFor },
    body: new URLSearchParams({ email, password: 'wrong-password', redirectTo: '/dashboard' }),
  })
}

describe('with no proxy in front', () => {
  withFreshDatabase('client-address')

  test('the client is the socket, whatever X-Forwarded-For says', async () => {
    const { clientAddress, fromAddress } = await import('~/http/client-address.server')
    expect(fromAddress(CLIENT, () => clientAddress(withForwardedFor('198.51.100.1')))).toBe(CLIENT)
  })

  test("Node's own announcement of each request gives the socket's address to the code that handles it", async () => {
    const { clientAddress } = await import('~/http/client-address.server')
    // A plain Node server, as remix-serve's express is: the handler reads the address later, after an await.
    const server = createServer(async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      response.end(String(clientAddress(withForwardedFor('198.51.100.1'))))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const answers = await Promise.all(Array.from({ length: 3 }, async () => (await fetch(`http://127.0.0.1:${port}/`)).text()))
      expect(answers).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1'])
    } finally {
      server.close()
    }
  })

  test('30 wrong passwords from one socket, each for another address and a spoofed X-Forwarded-For, are stopped after 20', async () => {
    const { action } = await import('~/routes/login/login.server')
    const { fromAddress } = await import('~/http/client-address.server')
    const statuses: number[] = []
    for (let attempt = 0; attempt < 30; attempt++) {
      const request = loginFrom(`10.0.${attempt}.1`, `guess${attempt}@example.com`)
      statuses.push((await fromAddress(CLIENT, () => action({ request, params: {}, context: {} }))).status)
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(20)).toEqual(Array(10).fill(429))
  })
})

describe('behind one proxy (TRUST_PROXY=1)', () => {
  withFreshDatabase('client-address-proxy', { TRUST_PROXY: '1' })

  test('the client is the entry the proxy appended, the right-most one', async () => {
    const { clientAddress, fromAddress } = await import('~/http/client-address.server')
    const seen = (value: string) => fromAddress(NGINX, () => clientAddress(withForwardedFor(value)))
    expect(seen(`198.51.100.1, ${CLIENT}`)).toBe(CLIENT)
    expect(seen(` ${CLIENT} `)).toBe(CLIENT)
    // Reached without the proxy, nothing is appended: the socket is the client.
    expect(fromAddress(CLIENT, () => clientAddress(new Request('http://localhost/')))).toBe(CLIENT)
  })

  test('30 guesses with a different spoofed left-most address each are still throttled per client', async () => {
    const { action } = await import('~/routes/login/login.server')
    const { fromAddress } = await import('~/http/client-address.server')
    const statuses: number[] = []
    for (let attempt = 0; attempt < 30; attempt++) {
      const request = loginFrom(`10.0.${attempt}.1, ${CLIENT}`, `guess${attempt}@example.com`)
      statuses.push((await fromAddress(NGINX, () => action({ request, params: {}, context: {} }))).status)
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(20)).toEqual(Array(10).fill(429))
  })
})

describe('behind a CDN and nginx (TRUST_PROXY=2)', () => {
  withFreshDatabase('client-address-cdn', { TRUST_PROXY: '2' })

  test('the client is the entry the CDN appended, second from the right', async () => {
    const { clientAddress, fromAddress } = await import('~/http/client-address.server')
    expect(fromAddress(NGINX, () => clientAddress(withForwardedFor(`198.51.100.1, ${CLIENT}, 192.0.2.10`)))).toBe(CLIENT)
  })
})
