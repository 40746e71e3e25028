// Who a request comes from, for the per-client limits: the socket's address with no proxy in
// front, else what the trusted proxies appended to X-Forwarded-For. Whatever else a client
// writes into that header is its own invention.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { describe, expect, test, vi } from 'vitest'

import { withFreshDatabase } from './fresh-database'

vi.mock('~/accounts/passwords.server', async () => (await import('./cheap-passwords')).cheapPasswords())

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

  // Remix runs a route's action for any method but GET and HEAD, and nginx limited only POSTs: a
  // PUT signed in as well as a POST did, as often as a client liked.
  test('a form sent by PUT, PATCH or DELETE is refused with a 405 naming the methods, and signs no one in', async () => {
    const { createAccount } = await import('~/accounts/accounts.server')
    const { action } = await import('~/routes/login/login.server')
    await createAccount({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret123' })
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const body = new URLSearchParams({ email: 'ann@example.com', password: 'secret123', redirectTo: '/dashboard' })
      const answer = await action({ request: new Request('http://localhost/login', { method, body }), params: {}, context: {} }).catch((thrown: unknown) => thrown as Response)
      expect(answer.status, method).toBe(405)
      expect(answer.headers.get('Allow')).toBe('GET, HEAD, POST')
      expect(answer.headers.get('Set-Cookie')).toBeNull()
    }
  })

  // A right password costs the server a password hash as a wrong one does, and a success took its
  // attempt back: one client with an account of its own could sign in without end.
  test('right passwords from one client are limited too: 60 sign-ins in 15 minutes, then 429', async () => {
    const { createAccount } = await import('~/accounts/accounts.server')
    const { action } = await import('~/routes/login/login.server')
    const { fromAddress } = await import('~/http/client-address.server')
    await createAccount({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret123' })
    const statuses: number[] = []
    for (let attempt = 0; attempt < 62; attempt++) {
      const body = new URLSearchParams({ email: 'ann@example.com', password: 'secret123', redirectTo: '/dashboard' })
      statuses.push((await fromAddress(CLIENT, () => action({ request: new Request('http://localhost/login', { method: 'POST', body }), params: {}, context: {} }))).status)
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(302))
    expect(statuses.slice(60)).toEqual([429, 429])
    // Another client is not held back by this one's sign-ins.
    const body = new URLSearchParams({ email: 'ann@example.com', password: 'secret123', redirectTo: '/dashboard' })
    expect((await fromAddress('198.51.100.9', () => action({ request: new Request('http://localhost/login', { method: 'POST', body }), params: {}, context: {} }))).status).toBe(302)
  })

  test("a stranger's wrong passwords for an address do not lock its owner out; many clients together meet a ceiling", async () => {
    const { createAccount } = await import('~/accounts/accounts.server')
    const { action } = await import('~/routes/login/login.server')
    const { fromAddress } = await import('~/http/client-address.server')
    await createAccount({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret123' })
    const logIn = (from: string, password: string) => {
      const body = new URLSearchParams({ email: 'ann@example.com', password, redirectTo: '/dashboard' })
      return fromAddress(from, async () => (await action({ request: new Request('http://localhost/login', { method: 'POST', body }), params: {}, context: {} })).status)
    }
    for (let attempt = 0; attempt < 5; attempt++) expect(await logIn(CLIENT, 'wrong-guess')).toBe(401)
    expect(await logIn(CLIENT, 'wrong-guess')).toBe(429)
    expect(await logIn('198.51.100.20', 'secret123')).toBe(302)
    // 50 failures from 50 clients in 15 minutes, and the address answers 429 to everyone for a while.
    for (let client = 0; client < 45; client++) await logIn(`192.0.2.${client}`, 'wrong-guess')
    expect(await logIn('198.51.100.21', 'secret123')).toBe(429)
  })

  test('a browser its owner has signed in on is not locked out by that ceiling; one without that proof, a forged one or another account\'s is', async () => {
    const { createAccount } = await import('~/accounts/accounts.server')
    const { action } = await import('~/routes/login/login.server')
    const { fromAddress } = await import('~/http/client-address.server')
    await createAccount({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret123' })
    await createAccount({ name: 'Bob Lee', email: 'bob@example.com', password: 'secret456' })
    const logIn = (from: string, email: string, password: string, cookie = '') => {
      const body = new URLSearchParams({ email, password, redirectTo: '/dashboard' })
      const request = new Request('http://localhost/login', { method: 'POST', body, headers: cookie ? { Cookie: cookie } : {} })
      return fromAddress(from, () => action({ request, params: {}, context: {} }))
    }
    const knownCookie = (response: Response) => {
      const cookie = response.headers.getSetCookie().find((header) => header.startsWith('known_sign_in='))
      expect(cookie, 'the sign-in remembers the browser').toBeDefined()
      expect(cookie).toMatch(/; HttpOnly/)
      expect(cookie).toMatch(/; SameSite=Lax/)
      return cookie!.split(';')[0]!
    }
    const annsBrowser = knownCookie(await logIn('198.51.100.40', 'Ann@Example.com', 'secret123'))
    const bobsBrowser = knownCookie(await logIn('198.51.100.41', 'bob@example.com', 'secret456'))

    // Strangers have reached the ceiling for Ann's address (the test above reaches it with 50 real guesses).
    const { getDb } = await import('~/db/database.server')
    const guesses = Array.from({ length: 50 }, () => ({ throttle_key: 'email-everywhere:ann@example.com', attempted_at: new Date().toISOString() }))
    await (await getDb()).insertInto('login_attempts').values(guesses).execute()
    expect((await logIn('198.51.100.42', 'ann@example.com', 'secret123')).status).toBe(429)
    expect((await logIn('198.51.100.43', 'ann@example.com', 'secret123', bobsBrowser)).status).toBe(429)
    const [name, value] = annsBrowser.split('=') as [string, string]
    expect((await logIn('198.51.100.44', 'ann@example.com', 'secret123', `${name}=${value.slice(0, -4)}AAAA`)).status).toBe(429)
    // Ann's own browser, on whatever network it is today: her password still lets her in.
    expect((await logIn('198.51.100.45', 'ann@example.com', 'secret123', annsBrowser)).status).toBe(302)
    // It is still held to its own limit of wrong passwords, as every client is.
    for (let attempt = 0; attempt < 5; attempt++) expect((await logIn('198.51.100.46', 'ann@example.com', 'wrong-guess', annsBrowser)).status).toBe(401)
    expect((await logIn('198.51.100.46', 'ann@example.com', 'secret123', annsBrowser)).status).toBe(429)
  })

  test("a browser's entry stops counting once the account's password changes, so a copy of it outlives nothing", async () => {
    const { createAccount, createPasswordResetToken, resetPassword } = await import('~/accounts/accounts.server')
    const { action } = await import('~/routes/login/login.server')
    const { fromAddress } = await import('~/http/client-address.server')
    const { getDb } = await import('~/db/database.server')
    await createAccount({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret123' })
    const logIn = (password: string, cookie = '') => {
      const body = new URLSearchParams({ email: 'ann@example.com', password })
      return fromAddress(CLIENT, () => action({ request: new Request('http://localhost/login', { method: 'POST', body, headers: cookie ? { Cookie: cookie } : {} }), params: {}, context: {} }))
    }
    const signedIn = await logIn('secret123')
    const cookie = signedIn.headers.getSetCookie().find((header) => header.startsWith('known_sign_in='))!.split(';')[0]!
    await resetPassword((await createPasswordResetToken('ann@example.com'))!.token, 'changed-secret')
    const guesses = Array.from({ length: 50 }, () => ({ throttle_key: 'email-everywhere:ann@example.com', attempted_at: new Date().toISOString() }))
    await (await getDb()).insertInto('login_attempts').values(guesses).execute()
    expect((await logIn('changed-secret', cookie)).status).toBe(429)
  })

  test("a browser keeps its entry through its owner's change of password, and a copy of an entry meets a ceiling of its own", async () => {
    const { createAccount } = await import('~/accounts/accounts.server')
    const login = await import('~/routes/login/login.server')
    const account = await import('~/routes/account/account.server')
    const { fromAddress } = await import('~/http/client-address.server')
    const { getDb } = await import('~/db/database.server')
    await createAccount({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret123' })
    const logIn = (from: string, password: string, cookie = '') => {
      const body = new URLSearchParams({ email: 'ann@example.com', password })
      return fromAddress(from, () => login.action({ request: new Request('http://localhost/login', { method: 'POST', body, headers: cookie ? { Cookie: cookie } : {} }), params: {}, context: {} }))
    }
    const cookieOf = (response: Response, name: string) => response.headers.getSetCookie().find((header) => header.startsWith(`${name}=`))?.split(';')[0]
    const signedIn = await logIn(CLIENT, 'secret123')
    const session = cookieOf(signedIn, '__session')!
    const body = new URLSearchParams({ currentPassword: 'secret123', password: 'changed-secret', confirmPassword: 'changed-secret' })
    const changed = await fromAddress(CLIENT, () =>
      account.action({ request: new Request('http://localhost/account?intent=password', { method: 'POST', body, headers: { Cookie: `${session}; ${cookieOf(signedIn, 'known_sign_in')}` } }), params: {}, context: {} }),
    )
    expect(changed.status).toBe(200)
    const known = cookieOf(changed, 'known_sign_in')
    expect(known).toBeDefined()

    const db = await getDb()
    const fill = (key: string) => db.insertInto('login_attempts').values(Array.from({ length: 50 }, () => ({ throttle_key: key, attempted_at: new Date().toISOString() }))).execute()
    await fill('email-everywhere:ann@example.com')
    expect((await logIn('198.51.100.50', 'changed-secret', known)).status).toBe(302)
    // A wrong password sent with the entry is counted against the entry itself.
    expect((await logIn('198.51.100.51', 'wrong-guess', known)).status).toBe(401)
    const entryKey = (await db.selectFrom('login_attempts').select('throttle_key').where('throttle_key', 'like', 'known-browser:%').executeTakeFirstOrThrow()).throttle_key
    await fill(entryKey)
    expect((await logIn('198.51.100.52', 'changed-secret', known)).status).toBe(429)
  })

  test('a reset link proves the mailbox: the browser that used it is not locked out by that ceiling either', async () => {
    const { createAccount, createPasswordResetToken } = await import('~/accounts/accounts.server')
    const login = await import('~/routes/login/login.server')
    const reset = await import('~/routes/reset-password/reset-password.server')
    const { fromAddress } = await import('~/http/client-address.server')
    const { getDb } = await import('~/db/database.server')
    await createAccount({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret123' })
    const guesses = Array.from({ length: 50 }, () => ({ throttle_key: 'email-everywhere:ann@example.com', attempted_at: new Date().toISOString() }))
    await (await getDb()).insertInto('login_attempts').values(guesses).execute()
    const { token } = (await createPasswordResetToken('ann@example.com'))!
    const body = new URLSearchParams({ token, password: 'new-secret', confirmPassword: 'new-secret' })
    const answer = await fromAddress(CLIENT, () => reset.action({ request: new Request('http://localhost/reset-password', { method: 'POST', body }), params: {}, context: {} }))
    expect(answer.status).toBe(302)
    const cookie = answer.headers.getSetCookie().find((header) => header.startsWith('known_sign_in='))?.split(';')[0]
    expect(cookie).toBeDefined()
    const logIn = (headers: Record<string, string>) => {
      const request = new Request('http://localhost/login', { method: 'POST', body: new URLSearchParams({ email: 'ann@example.com', password: 'new-secret' }), headers })
      return fromAddress(CLIENT, async () => (await login.action({ request, params: {}, context: {} })).status)
    }
    expect(await logIn({})).toBe(429)
    expect(await logIn({ Cookie: cookie! })).toBe(302)
  })
})

describe('a client storing posts', () => {
  withFreshDatabase('client-address-posts')

  test('may store 30 an hour through the public forms; the 31st is refused with 429 and stores nothing', async () => {
    const { action } = await import('~/routes/contact/contact.server')
    const { fromAddress } = await import('~/http/client-address.server')
    const { getDb } = await import('~/db/database.server')
    const post = (attempt: number, from = CLIENT) => {
      const body = new URLSearchParams({ name: 'Flo Od', email: `flood${attempt}@example.com`, subject: 'General question', message: `Message ${attempt}` })
      return fromAddress(from, async () => (await action({ request: new Request('http://localhost/contact', { method: 'POST', body }), params: {}, context: {} })).status)
    }
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 31; attempt++) statuses.push(await post(attempt))
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
    expect(await (await getDb()).selectFrom('contact_messages').select('id').execute()).toHaveLength(30)
    expect(await post(32, '198.51.100.30')).toBe(200)
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

describe('IPv6 clients', () => {
  withFreshDatabase('client-address-ipv6')

  test('are counted by their /64, however the address is written; an IPv4-mapped one is its IPv4 address', async () => {
    const { clientAddress, fromAddress } = await import('~/http/client-address.server')
    const seen = (address: string) => fromAddress(address, () => clientAddress(new Request('http://localhost/')))
    const block = '2001:db8:1:2::/64'
    for (const address of ['2001:db8:1:2::1', '2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002::abcd', '2001:db8:1:2:0:0:0:7']) expect(seen(address), address).toBe(block)
    expect(seen('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(seen('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(seen('203.0.113.7')).toBe('203.0.113.7')
  })
})

describe('behind a CDN and nginx (TRUST_PROXY=2)', () => {
  withFreshDatabase('client-address-cdn', { TRUST_PROXY: '2' })

  test('the client is the entry the CDN appended, second from the right', async () => {
    const { clientAddress, fromAddress } = await import('~/http/client-address.server')
    expect(fromAddress(NGINX, () => clientAddress(withForwardedFor(`198.51.100.1, ${CLIENT}, 192.0.2.10`)))).toBe(CLIENT)
  })
})
