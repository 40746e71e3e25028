import { request as httpRequest } from 'node:http'

import type { APIRequestContext } from '@playwright/test'

import { expect, test } from './fixtures'
import { countRows } from './server-data'

// Every form action, with the route id Remix uses for its data requests.
const ACTIONS = [
  { path: '/login', route: 'routes/login' },
  { path: '/signup', route: 'routes/signup' },
  { path: '/forgot-password', route: 'routes/forgot-password' },
  { path: '/reset-password', route: 'routes/reset-password' },
  { path: '/contact', route: 'routes/contact' },
  { path: '/tutors/apply', route: 'routes/tutors.apply' },
  { path: '/newsletter', route: 'routes/newsletter' },
  { path: '/newsletter/unsubscribe', route: 'routes/newsletter_.unsubscribe' },
  { path: '/newsletter/confirm', route: 'routes/newsletter_.confirm' },
  { path: '/confirm-lesson-request', route: 'routes/confirm-lesson-request' },
  { path: '/logout', route: 'routes/logout' },
  { path: '/promo-banner', route: 'routes/promo-banner' },
  { path: '/tutors/amelia-hart', route: 'routes/tutors.$id' },
  { path: '/classes', route: 'routes/classes' },
]

const MARKER = `fuzz${Date.now()}`
const email = `${MARKER}@example.com`

type RawRequest = { name: string; headers?: Record<string, string>; data?: string | Buffer; form?: Record<string, string>; multipart?: Record<string, unknown> }

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }

const REQUESTS: RawRequest[] = [
  { name: 'an empty body', headers: FORM, data: '' },
  { name: 'malformed url-encoding', headers: FORM, data: `%%%&&==&email=%ZZ${MARKER}&name=%E0%A4%A` },
  { name: 'only unknown fields', form: { nonsense: MARKER } },
  { name: 'repeated fields', headers: FORM, data: `email=not-an-email&email=${email}&name=&name=${MARKER}&password=secret1&confirmPassword=secret1&subject=Nope&message=${MARKER}` },
  { name: 'a JSON body', headers: { 'Content-Type': 'application/json' }, data: JSON.stringify({ email, name: MARKER, password: 123 }) },
  { name: 'a file where text belongs', multipart: { email: { name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from(email) }, name: MARKER } },
  { name: 'a very long value', form: { email: `${'x'.repeat(20_000)}${email}`, name: MARKER.padEnd(20_000, 'x'), message: 'y'.repeat(20_000), statement: 'z'.repeat(20_000) } },
  { name: 'a body over 64 KB', headers: FORM, data: `name=${MARKER}&message=${'x'.repeat(70_000)}` },
  { name: 'wrong types for every field', form: { email: '[object Object]', password: '', experienceYears: '-1e99', subjects: 'Astrology', hasEquipment: 'maybe' } },
]

async function send(request: APIRequestContext, url: string, raw: RawRequest, extraHeaders: Record<string, string> = {}) {
  return request.post(url, {
    headers: { ...raw.headers, ...extraHeaders },
    data: raw.data,
    form: raw.form,
    multipart: raw.multipart as never,
    maxRedirects: 0,
  })
}

async function storedWithMarker() {
  return (
    await countRows('users', 'email LIKE ? OR name LIKE ?', `%${MARKER}%`, `%${MARKER}%`) +
    await countRows('contact_messages', 'email LIKE ? OR name LIKE ? OR message LIKE ?', `%${MARKER}%`, `%${MARKER}%`, `%${MARKER}%`) +
    await countRows('tutor_applications', 'email LIKE ? OR name LIKE ?', `%${MARKER}%`, `%${MARKER}%`) +
    await countRows('newsletter_subscribers', 'email LIKE ?', `%${MARKER}%`) +
    await countRows('lesson_requests', 'email LIKE ? OR name LIKE ?', `%${MARKER}%`, `%${MARKER}%`) +
    await countRows('class_registrations', 'email LIKE ? OR name LIKE ?', `%${MARKER}%`, `%${MARKER}%`)
  )
}

test('malformed, missing, oversized and mistyped bodies never cause a 5xx and store nothing', async ({ request }) => {
  const statuses: string[] = []
  for (const { path, route } of ACTIONS) {
    for (const raw of REQUESTS) {
      for (const url of [path, `${path}?_data=${encodeURIComponent(route)}`]) {
        const response = await send(request, url, raw)
        statuses.push(`${response.status()} ${url} ${raw.name}`)
        expect(response.status(), `${raw.name} to ${url}`).toBeLessThan(500)
      }
    }
  }
  expect(statuses.filter((line) => line.includes('over 64 KB')).every((line) => line.startsWith('413'))).toBe(true)
  expect(statuses.filter((line) => line.includes('a file where text belongs')).every((line) => line.startsWith('400'))).toBe(true)
  expect(await storedWithMarker()).toBe(0)
})

test('a body over 64 KB is refused with 413 even when it arrives without Content-Length', async () => {
  const port = new URL(test.info().project.use.baseURL!).port
  const status = await new Promise<number>((resolve, reject) => {
    let answered = 0
    const request = httpRequest(
      { host: '127.0.0.1', port, path: '/contact', method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' } },
      (response) => {
        answered = response.statusCode ?? 0
        resolve(answered)
      },
    )
    // The server may close the connection on the rest of the upload once it has answered.
    request.on('error', (error) => (answered ? resolve(answered) : reject(error)))
    for (let chunk = 0; chunk < 20; chunk++) request.write(`message=${'x'.repeat(8_000)}&`)
    request.end(`name=${MARKER}`)
  })
  expect(status).toBe(413)
  expect(await storedWithMarker()).toBe(0)
})

test('hostile query strings and cookies get a 4xx or a page, never a 5xx', async ({ request }) => {
  const urls = ['/login?notice=__proto__', '/login?notice=constructor', '/login?redirectTo=%2F%E2%82%AC', '/tutors/find?page=1e999&sort=__proto__', '/contact?subject=%00']
  for (const url of urls) expect((await request.get(url)).status(), url).toBeLessThan(500)
  const withBadCookie = await request.get('/', { headers: { Cookie: 'flash=%; __session=%E0%A4%A' } })
  expect(withBadCookie.status()).toBeLessThan(500)
  const newsletter = await request.post('/newsletter', { form: { email: 'not-an-email', redirectTo: '/€' }, maxRedirects: 0 })
  expect(newsletter.status()).toBeLessThan(500)
})

test('cross-site posts are refused with 403 and store nothing', async ({ request }) => {
  const valid = { name: MARKER, email, subject: 'General question', message: MARKER, password: 'secret1', confirmPassword: 'secret1' }
  for (const { path, route } of ACTIONS) {
    const fromAnotherSite = await send(request, path, { name: 'cross-site', form: valid }, { 'Sec-Fetch-Site': 'cross-site' })
    expect(fromAnotherSite.status(), path).toBe(403)
    const dataRequest = await send(request, `${path}?_data=${encodeURIComponent(route)}`, { name: 'cross-site', form: valid }, { Origin: 'https://evil.example' })
    expect(dataRequest.status(), `${path} data request`).toBe(403)
  }
  expect(await storedWithMarker()).toBe(0)
})

test('a cross-site page post, as a browser sends it, is refused with a 403 by every action, never a 5xx', async ({ request }) => {
  const form = { name: MARKER, email, subject: 'General question', message: MARKER, session: 'gcse-maths-clinic@2099-01-01', yearGroup: 'Year 7' }
  for (const { path } of ACTIONS) {
    const crossSite: Record<string, string>[] = [{ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'https://evil.example' }, { Origin: 'not a url' }]
    for (const headers of crossSite) {
      const response = await send(request, path, { name: 'foreign origin', form }, headers)
      expect(response.status(), `${path} with ${JSON.stringify(headers)}`).toBe(403)
    }
  }
  expect(await storedWithMarker()).toBe(0)
})
