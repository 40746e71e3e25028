import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { gunzipSync } from 'node:zlib'

import { expect, test } from '@playwright/test'

import { CONTACT_SUBJECTS } from '../../app/forms/contact'

import { gotoHydrated, hasJavaScript } from './hydrated'
import { uniqueEmail } from './server-data'

const CONTENT_PAGES = ['/', '/about', '/pricing', '/students/faqs', '/tutors/find?subject=science&level=alevel', '/tutors/amelia-hart']

test('content pages for visitors without a session can be kept by a CDN, with an ETag', async ({ request }) => {
  for (const path of CONTENT_PAGES) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    const cacheControl = response.headers()['cache-control'] ?? ''
    expect(cacheControl, path).toMatch(/\bpublic\b/)
    expect(cacheControl, path).toMatch(/\bs-maxage=\d+/)
    expect(cacheControl, path).toMatch(/\bstale-while-revalidate=\d+/)
    expect(response.headers()['etag'], path).toMatch(/^W\/".+"$/)
  }
})

test('a repeat visit with the ETag gets 304 and no body, though every page has its own nonce', async ({ request }) => {
  const first = await request.get('/about')
  const second = await request.get('/about')
  const etag = first.headers()['etag']!
  expect(second.headers()['etag']).toBe(etag)
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]
  const [firstNonce, secondNonce] = [nonceOf(first.headers()['content-security-policy']), nonceOf(second.headers()['content-security-policy'])]
  expect(firstNonce).toBeTruthy()
  expect(secondNonce).not.toBe(firstNonce)
  // Each inline script carries the nonce its own response's policy allows.
  const scriptNonces = [...(await second.text()).matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1])
  expect(scriptNonces.length).toBeGreaterThan(0)
  expect(new Set(scriptNonces)).toEqual(new Set([secondNonce]))

  const repeat = await request.get('/about', { headers: { 'If-None-Match': etag } })
  expect(repeat.status()).toBe(304)
  expect((await repeat.body()).length).toBe(0)
  // The stored page's Vary still holds: it differs by encoding and by the banner's cookie.
  expect(repeat.headers()['vary']).toMatch(/Accept-Encoding/)
  expect(repeat.headers()['vary']).toMatch(/Cookie/)
})

test('a reused page is sent gzip\'d to clients that take gzip, and unzips to the same page with its own nonce', async ({ baseURL }) => {
  const fetchRaw = async (acceptEncoding: string) => {
    const { status, headers, body } = await rawGet(new URL('/', baseURL), { 'Accept-Encoding': acceptEncoding })
    expect(status).toBe(200)
    expect(headers['vary']).toMatch(/Accept-Encoding/)
    const nonce = /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))![1]!
    return { encoding: headers['content-encoding'], body, nonce }
  }
  const plain = await fetchRaw('identity')
  expect(plain.encoding).toBeUndefined()
  const withoutNonce = (html: string, nonce: string) => html.replaceAll(`nonce="${nonce}"`, 'nonce')
  for (let visit = 0; visit < 2; visit++) {
    const gzipped = await fetchRaw('gzip')
    expect(gzipped.encoding).toBe('gzip')
    const html = gunzipSync(gzipped.body).toString('utf8')
    expect(html.match(/<script[^>]*\snonce="([^"]+)"/)?.[1]).toBe(gzipped.nonce)
    expect(withoutNonce(html, gzipped.nonce)).toBe(withoutNonce(plain.body.toString('utf8'), plain.nonce))
  }
})

test('a page revisited from the browser cache after a 304 still runs its scripts', async ({ page }) => {
  const cspViolations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text())
  })
  const conditionalRequests: string[] = []
  page.on('request', async (request) => {
    const etag = (await request.allHeaders())['if-none-match']
    if (etag && request.resourceType() === 'document') conditionalRequests.push(new URL(request.url()).pathname)
  })
  await gotoHydrated(page, '/pricing')
  await page.goto('/about')
  await gotoHydrated(page, '/pricing')
  expect(conditionalRequests).toContain('/pricing')
  expect(cspViolations).toEqual([])
})

test('a page seen with a session is private and never stored', async ({ request }) => {
  const email = uniqueEmail('cache')
  const password = 'secret123'
  await request.post('/signup', { form: { name: 'Cache Test', email, password, confirmPassword: password }, maxRedirects: 0 })
  const login = await request.post('/login', { form: { email, password }, maxRedirects: 0 })
  expect(login.status()).toBe(302)
  // The session cookie is Secure, which this HTTP client keeps to itself, so send it by hand.
  const session = /(__session=[^;]+)/.exec(login.headers()['set-cookie'] ?? '')?.[1]
  expect(session).toBeTruthy()
  for (const path of ['/about', '/dashboard']) {
    const response = await request.get(path, { headers: { Cookie: session! }, maxRedirects: 0 })
    expect(response.status(), path).toBe(200)
    expect(response.headers()['cache-control'], path).toBe('private, no-store')
    expect(response.headers()['etag'], path).toBeUndefined()
  }
})

test('a form result, refused or accepted, is private and never stored', async ({ request }) => {
  const refused = await request.post('/contact', { form: { name: '', email: 'nope', subject: '', message: '' } })
  expect(refused.status()).toBe(400)
  expect(refused.headers()['cache-control']).toBe('private, no-store')
  const message = { name: 'Header Check', email: uniqueEmail('headers'), subject: CONTACT_SUBJECTS[0], message: 'Do you teach GCSE chemistry on Saturdays?' }
  const accepted = await request.post('/contact', { form: message })
  expect(accepted.status()).toBe(200)
  expect(accepted.headers()['cache-control']).toBe('private, no-store')
  expect(accepted.headers()['etag']).toBeUndefined()
})

test('built scripts and styles are cached for a year as immutable', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const assets = [...html.matchAll(/(?:href|src|data-modulepreload)="(\/build\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!)
  expect(assets.length).toBeGreaterThan(1)
  for (const asset of new Set(assets)) {
    const response = await request.get(asset)
    expect(response.status(), asset).toBe(200)
    expect(response.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable')
  }
})

test('the scripts that hydrate a page are fetched only after its first contentful paint, and then hydrate it', async ({ page }) => {
  test.skip(!hasJavaScript(), 'without JavaScript the browser does not fetch the scripts')
  for (const path of ['/about', '/login']) {
    await gotoHydrated(page, path)
    const { firstContentfulPaint, scriptStarts } = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scriptStarts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/build/') && entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    }))
    expect(scriptStarts.length, path).toBeGreaterThan(1)
    for (const start of scriptStarts) expect(start, path).toBeGreaterThanOrEqual(firstContentfulPaint)
  }
})

test('every page response carries the security headers', async ({ request }) => {
  for (const path of ['/', '/login', '/tutors/find', '/no-such-page']) {
    const headers = (await request.get(path)).headers()
    const csp = headers['content-security-policy'] ?? ''
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(csp, `${path}: ${directive}`).toContain(directive)
    }
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy'], path).toBe('camera=(), microphone=(), geolocation=()')
    expect(headers['strict-transport-security'], path).toMatch(/max-age=\d+/)
  }
})

// Playwright's own requests unzip what they receive; this one keeps the bytes as sent.
function rawGet(url: URL, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}
