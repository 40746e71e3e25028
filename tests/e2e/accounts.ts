// Accounts for tests that need someone signed in: made by post, as a browser without JavaScript
// would, their addresses proven as their owners prove them (the e-mailed link, opened signed in).
import type { APIRequestContext, Page } from '@playwright/test'

import { expect } from './fixtures'
import { gotoReady } from './hydrated'
import { grantStaff, linkMailedTo, uniqueEmail } from './server-data'

export const PASSWORD = 'secret123'

export async function signUpByPost(request: APIRequestContext, name: string, email: string) {
  const response = await request.post('/signup', { form: { name, email, password: PASSWORD, confirmPassword: PASSWORD }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
}

/**
 * The session cookie of a login by post. This client's cookie jar may hold the session of another
 * account a test made earlier, and a login ends the session its request carries (a new sign-in
 * spends the old one): a session cookie no one signed is sent first instead, and read first.
 */
export async function sessionOf(request: APIRequestContext, email: string) {
  const login = await request.post('/login', { form: { email, password: PASSWORD, redirectTo: '/dashboard' }, headers: { Cookie: '__session=none' }, maxRedirects: 0 })
  expect(login.status()).toBe(302)
  return /(__session=[^;]+)/.exec(login.headers()['set-cookie'] ?? '')![1]!
}

/** The path of the newest confirmation link e-mailed to `email`, once it has arrived. */
export async function confirmationLinkTo(email: string) {
  const link = () => linkMailedTo(email, /https?:\/\/\S+\/confirm-email\?token=\S+/)
  await expect.poll(link).toBeTruthy()
  const url = new URL(link()!)
  return url.pathname + url.search
}

/** Proves the account's address: its confirmation link, opened and confirmed while signed in. */
export async function confirmAddress(request: APIRequestContext, email: string, cookie: string) {
  const token = new URL(await confirmationLinkTo(email), 'http://site.invalid').searchParams.get('token')!
  const confirmed = await request.post('/confirm-email', { form: { token }, headers: { Cookie: cookie }, maxRedirects: 0 })
  expect(confirmed.headers()['location']).toBe('/dashboard?notice=address-confirmed')
}

/** A new family account, signed in (its address proven unless `confirmed` is false): its address and session cookie. */
export async function newFamily(request: APIRequestContext, { name = 'Fia Family', email = uniqueEmail('family'), confirmed = true } = {}) {
  await signUpByPost(request, name, email)
  const cookie = await sessionOf(request, email)
  if (confirmed) await confirmAddress(request, email, cookie)
  return { email, cookie }
}

/** A new staff account, made as the site's owner makes one (a proven address, then npm run staff -- grant), signed in. */
export async function newStaff(request: APIRequestContext, name = 'Sam Staff') {
  const { email, cookie } = await newFamily(request, { name, email: uniqueEmail('staff') })
  grantStaff(email)
  return { email, cookie }
}

/** Staff invite a catalogue tutor to a new address; returns the address and the invitation link's path, once e-mailed. */
export async function inviteTutor(request: APIRequestContext, staffCookie: string, tutorId: string) {
  const email = uniqueEmail(`tutor-${tutorId}`)
  const invited = await request.post('/office/tutors?intent=invite', { form: { tutorId, email }, headers: { Cookie: staffCookie } })
  expect(invited.status()).toBe(200)
  const invitationLink = () => linkMailedTo(email, /https?:\/\/\S+\/tutor-invitation\?token=\S+/)
  await expect.poll(invitationLink).toBeTruthy()
  const link = invitationLink()!
  return { email, path: new URL(link).pathname + new URL(link).search }
}

export async function acceptInvitation(request: APIRequestContext, path: string, name: string) {
  const token = new URL(path, 'http://localhost').searchParams.get('token')!
  return request.post(path, { form: { token, name, password: PASSWORD, confirmPassword: PASSWORD }, maxRedirects: 0 })
}

/** A new tutor account for a catalogue tutor, invited by staff and accepted: its address and session cookie. */
export async function newTutor(request: APIRequestContext, staffCookie: string, tutorId: string, name: string) {
  const { email, path } = await inviteTutor(request, staffCookie, tutorId)
  expect((await acceptInvitation(request, path, name)).status()).toBe(302)
  return { email, cookie: await sessionOf(request, email) }
}

/** Signs up in the browser, as a visitor does. */
export async function signUp(page: Page, name: string, email: string, password: string) {
  await gotoReady(page, '/signup')
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create Account' }).click()
}

// Signs up and waits for the answer, so the next navigation cannot cancel the form post.
export async function createAccount(page: Page, name: string, email: string, password: string) {
  await signUp(page, name, email, password)
  await expect(page).toHaveURL(/\/login\?notice=created$/)
}

/** Logs in in the browser; the caller waits for what the answer should be. */
export async function logIn(page: Page, email: string, password: string, { remember = false } = {}) {
  await gotoReady(page, '/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  if (remember) await page.getByLabel('Remember me').check()
  await page.getByRole('button', { name: 'Sign In' }).click()
}
