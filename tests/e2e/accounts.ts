// Accounts for tests that need someone signed in: made by post, as a browser without JavaScript would.
import { expect, type APIRequestContext } from '@playwright/test'

import { grantStaff, uniqueEmail } from './server-data'

export const PASSWORD = 'secret123'

export async function signUpByPost(request: APIRequestContext, name: string, email: string) {
  const response = await request.post('/signup', { form: { name, email, password: PASSWORD, confirmPassword: PASSWORD }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
}

/** The session cookie of a login by post (the cookie is Secure, which this client keeps to itself). */
export async function sessionOf(request: APIRequestContext, email: string) {
  const login = await request.post('/login', { form: { email, password: PASSWORD, redirectTo: '/dashboard' }, maxRedirects: 0 })
  expect(login.status()).toBe(302)
  return /(__session=[^;]+)/.exec(login.headers()['set-cookie'] ?? '')![1]!
}

/** A new family account, signed in: its address and its session cookie. */
export async function newFamily(request: APIRequestContext, name = 'Fia Family') {
  const email = uniqueEmail('family')
  await signUpByPost(request, name, email)
  return { email, cookie: await sessionOf(request, email) }
}

/** A new staff account, made as the site's owner makes one (npm run staff -- grant), signed in. */
export async function newStaff(request: APIRequestContext, name = 'Sam Staff') {
  const email = uniqueEmail('staff')
  await signUpByPost(request, name, email)
  grantStaff(email)
  return { email, cookie: await sessionOf(request, email) }
}
