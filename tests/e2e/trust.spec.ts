// The attacks of issue 26, replayed against the production build: each did harm before the fix.
import { request as httpRequest } from 'node:http'

import type { APIRequestContext } from '@playwright/test'

import { confirmAddress, confirmationLinkTo, newFamily, sessionOf, signUpByPost } from './accounts'
import { expect, test } from './fixtures'
import { sendWaitingRequestByPost } from './lesson-requests'
import { countRows, grantStaff, linkMailedTo, mailsTo, uniqueEmail } from './server-data'

const OFFICE = 'office@brightwelltutoring.co.uk'

test('a 60,000-dot address posted to /login is refused in under 100 ms, not after seconds of CPU', async ({ request }) => {
  const form = { email: `a@${'.'.repeat(60_000)}@`, password: 'secret1' }
  // The best of three, so a moment when the machine is busy with other tests is not mistaken
  // for the server's own cost; before the fix each of the three took about 10 seconds.
  const times: number[] = []
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now()
    const response = await request.post('/login', { form })
    times.push(performance.now() - started)
    expect(response.status()).toBe(400)
  }
  expect(Math.min(...times)).toBeLessThan(100)
})

test('a URL path of 8,000 slashes is answered in under 100 ms, not after a second of route matching', async ({ request }) => {
  const times: number[] = []
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now()
    const response = await request.get(`/a${'/'.repeat(8_000)}b`)
    times.push(performance.now() - started)
    expect(response.status()).toBe(404)
  }
  // The best of three, as above; before the fix each took 0.7 s or more of the server's CPU.
  expect(Math.min(...times)).toBeLessThan(100)
})

// Each prefix of a path was matched against every route to choose the routes the page's manifest names
// ("lazy route discovery"): time in the square of the path's segments, 1.7 s of the one process's CPU
// for 4,000 (what nginx's request line holds), while every other visitor waited. The same matching
// answered /__manifest?p=…, whatever the path.
test('a URL path of 3,500 segments is answered in under 100 ms, not after seconds of route matching', async ({ request }) => {
  const times: number[] = []
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = performance.now()
    const response = await request.get(`/${'a/'.repeat(3_500)}a`)
    times.push(performance.now() - started)
    expect(response.status()).toBe(404)
  }
  // The best of three, as above.
  expect(Math.min(...times)).toBeLessThan(100)
})

test('a live reset link is answered private, no-store: no shared cache may keep the token', async ({ request }) => {
  const email = uniqueEmail('reset-cache')
  await signUpByPost(request, 'Rita Reset', email)
  await request.post('/forgot-password', { form: { email } })
  const resetLink = () => linkMailedTo(email, /\/reset-password\?token=\S+/)
  await expect.poll(resetLink).toBeTruthy()
  const path = resetLink()!
  const page = await request.get(path)
  expect(page.status()).toBe(200)
  expect(page.headers()['cache-control']).toBe('private, no-store')
  expect(await page.text()).toContain(new URL(path, 'http://site.invalid').searchParams.get('token'))
})

/**
 * A lesson request sent signed out, as anyone may send one with any address, then sent on by the link
 * e-mailed to that address, as its owner does. This client's cookie jar may hold a session a test made
 * earlier: one no one signed is sent instead, so it is signed out (a request sent signed in stays its
 * sender's account's, whatever address it gives).
 */
async function requestLessonAs(request: APIRequestContext, email: string, tutorId = 'oliver-bennett') {
  const slot = /name="slot"[^>]*value="([^"]+)"/.exec(await (await request.get(`/tutors/${tutorId}`)).text())![1]!
  const sent = await request.post(`/tutors/${tutorId}`, { form: { slot, name: 'Vicky Owner', email, message: 'Maths, please.' }, headers: { Cookie: '__session=none' } })
  expect(sent.status()).toBe(200)
  await sendWaitingRequestByPost(request, email)
}

test("a stranger who signs up with a family's address sees none of its lesson requests; the owner sees them once the address is proven", async ({ request, playwright, baseURL }) => {
  const victim = uniqueEmail('victim')
  await requestLessonAs(request, victim)
  // The stranger opens an account with the family's address and signs in: nothing of theirs shows.
  await signUpByPost(request, 'Mallory', victim)
  const strangerCookie = await sessionOf(request, victim)
  const strangerView = await (await request.get('/dashboard', { headers: { Cookie: strangerCookie } })).text()
  expect(strangerView).toContain('Confirm your email address')
  expect(strangerView).not.toContain('Oliver Bennett')
  expect(strangerView).not.toContain('Your lesson requests')
  // The link went to the family's mailbox; opened there, it does not confirm the stranger's account.
  const familyBrowser = await playwright.request.newContext({ baseURL })
  expect(await (await familyBrowser.get(await confirmationLinkTo(victim))).text()).toContain(`Log in as ${victim} to confirm this address`)
  await familyBrowser.dispose()

  // An owner who proves their address sees what was sent with it.
  const owner = uniqueEmail('owner')
  await requestLessonAs(request, owner)
  const { cookie } = await newFamily(request, { name: 'Vicky Owner', email: owner, confirmed: false })
  expect(await (await request.get('/dashboard', { headers: { Cookie: cookie } })).text()).not.toContain('Oliver Bennett')
  await confirmAddress(request, owner, cookie)
  const ownerView = await (await request.get('/dashboard', { headers: { Cookie: cookie } })).text()
  expect(ownerView).toContain('Your lesson requests')
  expect(ownerView).toContain('Oliver Bennett')
})

test('staff cannot be granted to an account whose address is not proven', async ({ request }) => {
  const email = uniqueEmail('would-be-staff')
  await signUpByPost(request, 'Walt Would', email)
  expect(() => grantStaff(email)).toThrow(/has not confirmed its address yet/)
})

test('a sign-up with an address that has an account is answered exactly as a new one', async ({ request }) => {
  const taken = uniqueEmail('taken')
  await signUpByPost(request, 'First Owner', taken)
  const answer = async (email: string, query = '') => {
    const response = await request.post(`/signup${query}`, { form: { name: 'Sam Same', email, password: 'secret123', confirmPassword: 'secret123' }, maxRedirects: 0 })
    const headers = Object.entries(response.headers()).filter(([name]) => name !== 'date')
    return { status: response.status(), headers, body: await response.text() }
  }
  expect(await answer(taken)).toEqual(await answer(uniqueEmail('fresh')))
  // The same for the page's data request, as the form sends it with JavaScript.
  expect(await answer(taken, '?_data=routes/signup')).toEqual(await answer(uniqueEmail('fresh'), '?_data=routes/signup'))
})

test('6 contact posts to one address in a minute: 6 messages stored, 6 copies for the office, at most 3 acknowledgements', async ({ request }) => {
  const victim = uniqueEmail('relay')
  for (let attempt = 1; attempt <= 6; attempt++) {
    const form = { name: 'Vic Tim', email: victim, subject: 'General question', message: `Message number ${attempt} about maths lessons.` }
    expect((await request.post('/contact', { form })).status()).toBe(200)
  }
  expect(await countRows('contact_messages', 'email = ?', victim)).toBe(6)
  await expect.poll(() => mailsTo(OFFICE).filter((mail) => mail.header('Reply-To') === victim).length).toBe(6)
  await expect.poll(() => countRows('login_attempts', 'throttle_key = ?', `mail-to:${victim}`)).toBe(3)
  await expect.poll(() => mailsTo(victim).length).toBe(3)
})

test('a name with a web address is refused on the public forms, so no acknowledgement can carry a link', async ({ request }) => {
  const response = await request.post('/contact', { form: { name: 'Cheap pills at www.spam.example', email: uniqueEmail('spam'), subject: 'General question', message: 'Visit us.' } })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain('Please enter your name without a web address')
})

test('a Host or X-Forwarded-Host the URL parser refuses is answered 400, not 500', async ({ baseURL }) => {
  const { port } = new URL(baseURL!)
  const statusWith = (headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/about', headers }, (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
        .on('error', reject)
        .end()
    })
  expect(await statusWith({ Host: 'brightwell.example:99999' })).toBe(400)
  expect(await statusWith({ 'X-Forwarded-Host': 'brightwell.example:99999' })).toBe(400)
  expect(await statusWith({ Host: `127.0.0.1:${port}` })).toBe(200)
})
