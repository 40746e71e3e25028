import { createHash } from 'node:crypto'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'


import { CONTACT_SUBJECTS } from '../../app/forms/contact'

import { expect, test } from './fixtures'
import { gotoHydrated } from './hydrated'
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

test('a page that is the same for everyone is the same bytes for everyone: no nonce, its inline scripts listed by hash', async ({ request, browser }) => {
  // The inline scripts are found by the browser's own HTML parser, not by the pattern the site uses,
  // so a script that pattern missed would show here as a hash missing from the policy.
  const parser = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
  // Structured data is an inline script too: '/' and '/classes' carry it.
  for (const path of ['/', '/pricing', '/classes']) {
    const [first, second] = [await request.get(path), await request.get(path)]
    expect(await second.text(), path).toBe(await first.text())
    const csp = first.headers()['content-security-policy'] ?? ''
    expect(second.headers()['content-security-policy'], path).toBe(csp)
    expect(csp, path).not.toContain("'nonce-")
    const hashes = [...csp.matchAll(/'sha256-([A-Za-z0-9+/=]+)'/g)].map((match) => match[1])
    // Each inline script of the page is allowed by its own hash, and nothing else is.
    await parser.setContent(await first.text())
    const inlineScripts = await parser.locator('script:not([src])').evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''))
    expect(inlineScripts.length, path).toBeGreaterThan(0)
    expect(new Set(inlineScripts.map((text) => createHash('sha256').update(text).digest('base64'))), path).toEqual(new Set(hashes))
    expect(await first.text(), path).not.toMatch(/\snonce=/)
  }
  await parser.context().close()
})

test('a repeat visit with the ETag gets 304 and no body', async ({ request }) => {
  const first = await request.get('/about')
  const etag = first.headers()['etag']!
  expect((await request.get('/about')).headers()['etag']).toBe(etag)
  const repeat = await request.get('/about', { headers: { 'If-None-Match': etag } })
  expect(repeat.status()).toBe(304)
  expect((await repeat.body()).length).toBe(0)
  // The stored page's Vary still holds: it differs by encoding and by the banners' cookies.
  expect(repeat.headers()['vary']).toMatch(/Accept-Encoding/)
  expect(repeat.headers()['vary']).toMatch(/Cookie/)
})

test('a shared page is sent compressed once, as Brotli or gzip by what the client takes, each unpacking to the same page', async ({ baseURL }) => {
  const url = new URL('/', baseURL)
  const plain = await rawGet(url, { 'Accept-Encoding': 'identity' })
  expect(plain.headers['content-encoding']).toBeUndefined()
  const brotli = await rawGet(url, { 'Accept-Encoding': 'gzip, deflate, br' })
  expect(brotli.headers['content-encoding']).toBe('br')
  expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true)
  const gzipped = await rawGet(url, { 'Accept-Encoding': 'gzip, br;q=0' })
  expect(gzipped.headers['content-encoding']).toBe('gzip')
  expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true)
  for (const response of [plain, brotli, gzipped]) expect(response.headers['vary']).toMatch(/Accept-Encoding/)
})

test('a page revisited from the browser cache after a 304 still runs its scripts', async ({ page }) => {
  const cspViolations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text())
  })
  const conditionalRequests: string[] = []
  // Documents only, and a request still being read when the test ends is let go: reading the
  // headers of one the page made last (an image, a preload) failed the test after it had passed.
  page.on('request', async (request) => {
    if (request.resourceType() !== 'document') return
    const etag = await request.headerValue('if-none-match').catch(() => null)
    if (etag) conditionalRequests.push(new URL(request.url()).pathname)
  })
  await gotoHydrated(page, '/pricing')
  await page.goto('/about')
  await gotoHydrated(page, '/pricing')
  await expect.poll(() => conditionalRequests).toContain('/pricing')
  expect(cspViolations).toEqual([])
})

test('a page seen with a session is private, never stored, and has a fresh nonce in every response', async ({ request }) => {
  const email = uniqueEmail('cache')
  const password = 'secret123'
  await request.post('/signup', { form: { name: 'Cache Test', email, password, confirmPassword: password }, maxRedirects: 0 })
  const login = await request.post('/login', { form: { email, password }, maxRedirects: 0 })
  expect(login.status()).toBe(302)
  // The session cookie is Secure, which this HTTP client keeps to itself, so send it by hand.
  const session = /(__session=[^;]+)/.exec(login.headers()['set-cookie'] ?? '')?.[1]
  expect(session).toBeTruthy()
  for (const path of ['/about', '/dashboard']) {
    const nonces = []
    for (let visit = 0; visit < 2; visit++) {
      const response = await request.get(path, { headers: { Cookie: session! }, maxRedirects: 0 })
      expect(response.status(), path).toBe(200)
      expect(response.headers()['cache-control'], path).toBe('private, no-store')
      expect(response.headers()['etag'], path).toBeUndefined()
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
      expect(nonce, path).toBeTruthy()
      expect(response.headers()['content-security-policy'], path).not.toContain("'sha256-")
      // Each inline script carries the nonce its own response's policy allows.
      const scriptNonces = [...(await response.text()).matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1])
      expect(new Set(scriptNonces), path).toEqual(new Set([nonce]))
      nonces.push(nonce)
    }
    expect(nonces[1], path).not.toBe(nonces[0])
  }
})

test('no page carries a nonce and a public Cache-Control at once', async ({ request }) => {
  for (const path of ['/', '/about', '/login', '/tutors/find', '/classes', '/no-such-page', '/newsletter/unsubscribe?token=nope']) {
    const headers = (await request.get(path)).headers()
    const hasNonce = /'nonce-/.test(headers['content-security-policy'] ?? '')
    const isPublic = /\bpublic\b|s-maxage/.test(headers['cache-control'] ?? '')
    expect(hasNonce && isPublic, `${path}: ${headers['cache-control']}`).toBe(false)
    expect(hasNonce || isPublic, path).toBe(true)
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
  const assets = [...html.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!)
  expect(assets.length).toBeGreaterThan(1)
  for (const asset of new Set(assets)) {
    const response = await request.get(asset)
    expect(response.status(), asset).toBe(200)
    expect(response.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable')
  }
})

test('every page response carries the security headers', async ({ request }) => {
  for (const path of ['/', '/login', '/tutors/find', '/no-such-page']) {
    const headers = (await request.get(path)).headers()
    const csp = headers['content-security-policy'] ?? ''
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(csp, `${path}: ${directive}`).toContain(directive)
    }
    expect(csp, path).toMatch(/script-src 'self' '(nonce|sha256)-[A-Za-z0-9+/=]+'/)
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

test('redirects, data requests and refusals carry nosniff and HSTS too, not only pages', async ({ request }) => {
  const answers = {
    redirect: await request.get('/logout', { maxRedirects: 0 }),
    'data request': await request.get('/about?_data=routes%2F%24'),
    'cross-site refusal': await request.post('/newsletter', { form: { email: 'x@example.com' }, headers: { 'Sec-Fetch-Site': 'cross-site' }, maxRedirects: 0 }),
  }
  expect(answers.redirect.status()).toBe(302)
  expect(answers['cross-site refusal'].status()).toBe(403)
  for (const [what, response] of Object.entries(answers)) {
    expect(response.headers()['x-content-type-options'], what).toBe('nosniff')
    expect(response.headers()['strict-transport-security'], what).toMatch(/max-age=\d+/)
  }
})
