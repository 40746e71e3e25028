// The pages behind a sign-in, checked like every public page: no serious or critical axe
// violation at a phone's and a laptop's width, and no CSP violation.
import type { BrowserContext } from '@playwright/test'

import { seriousViolations } from './axe'
import { expect, test } from './fixtures'
import { gotoHydrated } from './hydrated'
import { newFamily, newStaff, PASSWORD, sessionOf } from './accounts'
import { siteCookieValue } from './cookie-values'
import { linkMailedTo, uniqueEmail } from './server-data'


/** Signs the browser in with a session cookie (`__session=…`) made by post. */
async function signIn(context: BrowserContext, baseURL: string, cookie: string) {
  await context.clearCookies()
  await context.addCookies([
    { name: '__session', value: cookie.slice('__session='.length), url: baseURL },
    { name: 'cookie_consent', value: siteCookieValue('rejected'), url: baseURL },
  ])
}

test('the office, the dashboards, the account page and the invitation page have no serious or critical axe violation at 375 and 1280 px', async ({ page, request, context, baseURL }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, 'axe needs JavaScript')
  test.setTimeout(180_000)
  // Something in every inbox, a staff member, a family (and one whose address is not proven yet) and a tutor.
  const { cookie: staffSession } = await newStaff(request, 'Ava Staff')
  const { email: family, cookie: familySession } = await newFamily(request, { name: 'Fia Family' })
  const { cookie: unconfirmedSession } = await newFamily(request, { name: 'Una Family', confirmed: false })
  await request.post('/contact', { form: { name: 'Fia Family', email: family, subject: 'General question', message: 'Hello, a question about GCSE lessons.' } })
  // A learner's profile, which the request carries to the office's and the tutor's pages.
  const profile = await request.post('/account?intent=profile', { form: { learnerName: 'Finn', level: 'Primary', subjects: 'Early Literacy', goals: 'Reading aloud with confidence' }, headers: { Cookie: familySession } })
  expect(profile.status()).toBe(200)
  const tutorPage = await (await request.get('/tutors/bethan-lloyd')).text()
  const slot = /name="slot"[^>]*value="([^"]+)"/.exec(tutorPage)![1]!
  await request.post('/tutors/bethan-lloyd', { form: { slot, name: 'Fia Family', email: family, message: 'Phonics, please.' }, headers: { Cookie: familySession } })
  await request.post('/tutors/apply', {
    form: { name: 'Tia Tutor', email: uniqueEmail('a11y-applicant'), subjects: 'Early Literacy', levels: 'Primary', experienceYears: '4', hasEquipment: 'yes', statement: 'I teach phonics and early reading with games, songs and a lot of patience.' },
  })
  // A place in a class no other spec fills, so the office's roster has someone to list (and to e-mail the joining link).
  const classSession = decodeURIComponent(/\/classes\?session=(reading-for-pleasure[^"#&]+)#reserve/.exec(await (await request.get('/classes')).text())![1]!)
  expect((await request.post('/classes', { form: { session: classSession, name: 'Fia Family', yearGroup: 'Year 1' }, headers: { Cookie: familySession } })).status()).toBe(200)
  const tutorEmail = uniqueEmail('a11y-tutor')
  await request.post('/office/tutors?intent=invite', { form: { tutorId: 'bethan-lloyd', email: tutorEmail }, headers: { Cookie: staffSession } })
  const invitationLink = () => linkMailedTo(tutorEmail, /https?:\/\/\S+\/tutor-invitation\?token=\S+/)
  await expect.poll(invitationLink).toBeTruthy()
  const invitation = new URL(invitationLink()!)
  const invitationPath = invitation.pathname + invitation.search

  const staffPages = await (async () => {
    const get = async (path: string) => (await request.get(path, { headers: { Cookie: staffSession } })).text()
    const first = (html: string, pattern: RegExp) => pattern.exec(html)![1]!
    return [
      '/office',
      '/office/messages',
      `/office/messages/${first(await get('/office/messages'), /href="\/office\/messages\/(\d+)"/)}`,
      '/office/lessons',
      `/office/lessons/${first(await get('/office/lessons'), /href="\/office\/lessons\/(\d+)"/)}`,
      '/office/applications',
      `/office/applications/${first(await get('/office/applications'), /href="\/office\/applications\/(\d+)"/)}`,
      '/office/classes',
      '/office/tutors',
      '/office/newsletter',
      '/office/mail',
      '/dashboard',
      '/account',
    ]
  })()
  const visits: Array<{ session: string | null; path: string }> = [
    ...staffPages.map((path) => ({ session: staffSession, path })),
    { session: null, path: invitationPath },
    { session: null, path: '/tutor-invitation?token=spent' },
    { session: familySession, path: '/dashboard' },
    { session: familySession, path: '/account' },
    { session: unconfirmedSession, path: '/dashboard' },
    { session: familySession, path: '/office' },
  ]

  const problems: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text())) problems.push(`${page.url()}: ${message.text()}`)
  })
  // Each page is loaded once, at a phone's width, and checked there and again at a laptop's, as in
  // accessibility.spec.ts.
  async function checkAtBothWidths(label: string) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      for (const violation of await seriousViolations(page)) problems.push(`${width} px ${label}: ${violation}`)
    }
    await page.setViewportSize({ width: 375, height: 900 })
  }
  await page.setViewportSize({ width: 375, height: 900 })
  for (const { session, path } of visits) {
    if (session) await signIn(context, baseURL!, session)
    else await context.clearCookies()
    await gotoHydrated(page, path)
    await checkAtBothWidths(path)
  }
  // The family's step that asks to confirm a cancellation, reached at each width: the click scrolls
  // the page past the header's thresholds, so after a resize the sticky header is still sliding to
  // its place (a 300 ms transition), and axe, measuring then, once found the "Keep It" link under it.
  await signIn(context, baseURL!, familySession)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await gotoHydrated(page, '/dashboard')
    await page.getByRole('button', { name: /^Cancel: / }).first().click()
    await expect(page.getByRole('button', { name: 'Yes, Withdraw the Request' })).toBeVisible()
    for (const violation of await seriousViolations(page)) problems.push(`${width} px family /dashboard, cancelling: ${violation}`)
  }
  await page.setViewportSize({ width: 375, height: 900 })
  // The tutor's own dashboard, after the invitation made the account.
  const token = invitation.searchParams.get('token')!
  await request.post(invitationPath, { form: { token, name: 'Bethan Lloyd', password: PASSWORD, confirmPassword: PASSWORD }, maxRedirects: 0 })
  await signIn(context, baseURL!, await sessionOf(request, tutorEmail))
  await gotoHydrated(page, '/dashboard')
  await expect(page.getByRole('heading', { name: 'Your weekly availability' })).toBeVisible()
  await expect(page.getByText("Learner's profile")).toBeVisible()
  await checkAtBothWidths('tutor /dashboard')
  await gotoHydrated(page, '/account')
  await checkAtBothWidths('tutor /account')
  // The office's step that removes that account, shown before anything is removed.
  await signIn(context, baseURL!, staffSession)
  await gotoHydrated(page, '/office/tutors?remove=bethan-lloyd')
  await expect(page.getByRole('region', { name: "Remove Bethan Lloyd's account" })).toBeVisible()
  await checkAtBothWidths('/office/tutors?remove=bethan-lloyd')
  expect(problems).toEqual([])
})
