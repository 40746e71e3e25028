// The loop a tutoring business runs on: what families send reaches the office by e-mail and in
// /office, staff answer it, a confirmed lesson takes its slot, and tutors (invited by staff)
// answer their own requests and keep their own availability. With and without JavaScript.
import type { APIRequestContext, Page } from '@playwright/test'

import { acceptInvitation, inviteTutor, newFamily, newStaff, newTutor, PASSWORD, sessionOf } from './accounts'
import { expect, test } from './fixtures'
import { gotoReady, hasJavaScript } from './hydrated'
import { sendWaitingRequest, sendWaitingRequestByPost } from './lesson-requests'
import { countRows, lastMailTo, linkMailedTo, mailsTo, subjectsMailedTo, uniqueEmail } from './server-data'

const OFFICE_EMAIL = 'office@brightwelltutoring.co.uk'

// The js and no-js projects share one database, so each works with tutors of its own.
const TUTORS = {
  js: { lessons: 'lucy-chapman', lessonsName: 'Lucy Chapman', own: 'marcus-thompson', ownName: 'Marcus Thompson', other: 'samuel-osei', removed: 'tomasz-nowak', removedName: 'Tomasz Nowak' },
  'no-js': { lessons: 'connor-walsh', lessonsName: 'Connor Walsh', own: 'anjali-patel', ownName: 'Anjali Patel', other: 'mei-chen', removed: 'callum-fraser', removedName: 'Callum Fraser' },
} as const

function tutorsOf() {
  return TUTORS[hasJavaScript() ? 'js' : 'no-js']
}

async function logIn(page: Page, email: string, redirectTo = '/dashboard') {
  await gotoReady(page, `/login?redirectTo=${encodeURIComponent(redirectTo)}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(new RegExp(`${redirectTo.replace(/[/?]/g, '\\$&')}$`))
}

test('a contact message and a lesson request reach the office, staff answer them, the family sees the lesson confirmed, and staff record its cancellation sent by e-mail @no-js', async ({ page, request }) => {
  test.setTimeout(90_000)
  const { lessons: tutorId, lessonsName } = tutorsOf()
  // The js and no-js projects run this at once on one database: each finds its own family's message and request.
  const fay = hasJavaScript() ? 'Fay Family' : 'Fay Plainfamily'
  const { email: family } = await newFamily(request, { name: fay })

  // The visitor writes to us…
  const subject = 'Booking or lessons'
  await gotoReady(page, '/contact')
  await page.getByLabel('Name').fill(fay)
  await page.getByLabel('Email').fill(family)
  await page.getByLabel('Subject').selectOption(subject)
  await page.getByLabel('Message', { exact: true }).fill('Can my son start GCSE computing lessons in January?')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Thank you! Your message has been sent successfully.')).toBeVisible()

  // …and asks for a lesson.
  await gotoReady(page, `/tutors/${tutorId}`)
  const choices = page.getByRole('group', { name: 'Choose a time' })
  const slotLabel = (await choices.locator('label').first().innerText()).trim()
  await choices.getByRole('radio').first().check()
  await page.getByLabel('Your name').fill(fay)
  await page.getByLabel('Email').fill(family)
  await page.getByRole('button', { name: 'Request a lesson' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Please confirm your request with the link we've e-mailed to ${family}`)
  // Signed out, the family proves the address with the link e-mailed to it; only then is the request sent.
  await sendWaitingRequest(page, family)
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Your request for ${slotLabel} with ${lessonsName} has been sent.`)

  // The office is told of both, and a reply goes to the family.
  await expect.poll(() => mailsTo(OFFICE_EMAIL).filter((mail) => mail.header('Reply-To') === family).length).toBe(2)
  const officeMails = mailsTo(OFFICE_EMAIL).filter((mail) => mail.header('Reply-To') === family)
  const subjects = officeMails.map((mail) => mail.header('Subject'))
  expect(subjects).toContain(`New message: ${subject}, from ${fay}`)
  expect(subjects).toContainEqual(expect.stringMatching(new RegExp(`^New lesson request: ${lessonsName}, \\w{3} \\d+ \\w{3} \\d{4}, `)))
  expect(lastMailTo(family)?.text).toBeTruthy()

  // Staff find both in the office, answer the message and confirm the lesson.
  const staff = (await newStaff(request)).email
  await logIn(page, staff, '/office')
  await gotoReady(page, '/office/messages?status=new')
  await page.getByRole('link', { name: `${subject}: ${fay}` }).first().click()
  await expect(page.getByText('Can my son start GCSE computing lessons in January?')).toBeVisible()
  await page.getByRole('button', { name: 'Mark as answered' }).click()
  await expect(page.getByText(/^answered by Sam Staff/)).toBeVisible()

  await gotoReady(page, '/office/lessons?status=requested')
  await page.getByRole('link', { name: new RegExp(`^${fay} with ${lessonsName}, `) }).first().click()
  await expect(page).toHaveURL(/\/office\/lessons\/\d+$/)
  const lessonPage = new URL(page.url()).pathname
  await page.getByRole('button', { name: 'Confirm the lesson' }).click()
  await expect(page.getByText(/^confirmed by Sam Staff/)).toBeVisible()
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Lesson confirmed; the family has been e-mailed.')

  // The family is told; the slot is no longer offered; their dashboard shows the lesson confirmed.
  await expect.poll(() => subjectsMailedTo(family)).toContainEqual(expect.stringMatching(new RegExp(`^Confirmed: your lesson with ${lessonsName}, `)))
  await gotoReady(page, `/tutors/${tutorId}`)
  await expect(page.getByRole('group', { name: 'Choose a time' }).getByText(slotLabel, { exact: true })).toHaveCount(0)
  await page.context().clearCookies()
  await logIn(page, family)
  const requests = page.getByRole('region', { name: 'Your lesson requests' })
  await expect(requests.getByRole('listitem').filter({ hasText: lessonsName })).toContainText('confirmed')

  // The family cancels by e-mail instead; the office records it as the policy treats it, and the family is told.
  await page.context().clearCookies()
  await logIn(page, staff, lessonPage)
  const recording = page.getByRole('group', { name: 'Record a cancellation sent by e-mail or through the contact form' })
  await page.getByRole('button', { name: 'Record Cancellation' }).click()
  await expect(recording).toHaveAccessibleDescription('Choose who cancelled, and whether in time')
  await recording.getByRole('radio', { name: 'The family cancelled in time: refund or lesson credit' }).check()
  await page.getByRole('button', { name: 'Record Cancellation' }).click()
  await expect(page.getByText(/^cancelled by the family \(refund or credit\), recorded by the office by Sam Staff/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Record Cancellation' })).toHaveCount(0)
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Cancellation recorded; the family, the tutor and the office have been e-mailed.')
  await expect.poll(() => subjectsMailedTo(family)).toContainEqual(expect.stringMatching(new RegExp(`^Cancelled: lesson with ${lessonsName}, `)))
})

test('an invited tutor sets a password once, keeps their availability, and answers only their own requests @no-js', async ({ page, request }) => {
  test.setTimeout(90_000)
  const { own: tutorId, ownName, other } = tutorsOf()
  const staffCookie = (await newStaff(request)).cookie

  // An application, invited from the office to the tutor's catalogue profile.
  const applicant = uniqueEmail('applicant')
  const applied = await request.post('/tutors/apply', {
    form: { name: ownName, email: applicant, subjects: 'Business and Economics', levels: 'A-Level', experienceYears: '6', hasEquipment: 'yes', statement: 'I teach A-level economics with past papers and real company accounts.' },
  })
  expect(applied.status()).toBe(200)
  await logIn(page, (await newStaff(request)).email, '/office')
  await gotoReady(page, '/office/applications?status=new')
  await page.getByRole('link', { name: new RegExp(`^${ownName}: `) }).first().click()
  await page.getByLabel('Catalogue tutor').selectOption(tutorId)
  await page.getByRole('button', { name: 'Invite' }).click()
  await expect(page.getByText(`Invitation sent to ${applicant}.`)).toBeVisible()
  const invitationLink = () => linkMailedTo(applicant, /https?:\/\/\S+\/tutor-invitation\?token=\S+/)
  await expect.poll(invitationLink).toBeTruthy()
  const link = new URL(invitationLink()!)

  // The link sets a password once; a second use is refused.
  await page.context().clearCookies()
  await gotoReady(page, link.pathname + link.search)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create My Tutor Account' }).click()
  await expect(page).toHaveURL(/\/login\?notice=tutor-account-created$/)
  const again = await acceptInvitation(request, link.pathname + link.search, ownName)
  expect(again.status()).toBe(400)
  expect(await again.text()).toContain('This invitation link has expired or has already been used.')

  // The tutor adds tomorrow's 8:00 to their week: the profile and the search follow.
  const tomorrow = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long' }).format(new Date(Date.now() + 24 * 60 * 60 * 1000))
  await logIn(page, applicant)
  await page.getByRole('group', { name: tomorrow }).getByLabel(`08:00 on ${tomorrow}`).check()
  await page.getByRole('button', { name: 'Save availability' }).click()
  await expect(page.getByText('Your weekly availability is saved.')).toBeVisible()
  await gotoReady(page, `/tutors/${tutorId}`)
  // Signed in as the tutor, the profile lists the free times a family would choose from.
  await expect(page.getByRole('list', { name: 'Free times' }).getByText('Tomorrow, 8:00 AM')).toBeVisible()
  await gotoReady(page, `/tutors/find?q=${encodeURIComponent(ownName)}`)
  const ownCard = page.getByRole('article').filter({ hasText: ownName }).first()
  await expect(ownCard).toContainText(/Today, \d+:\d+ [AP]M|Tomorrow, 8:00 AM/)
  // Families see that the tutor is online only once the tutor chooses it; off again, at once.
  await expect(ownCard.getByText('Online now')).toHaveCount(0)
  const showOnline = async (on: boolean) => {
    await gotoReady(page, '/dashboard')
    await page.getByLabel("Show families when I'm online").setChecked(on)
    await page.getByRole('button', { name: 'Save online status' }).click()
    await expect(page.getByText(on ? 'Saved: your card will show when you are online.' : 'Saved: your card will no longer show when you are online.')).toBeVisible()
    await gotoReady(page, `/tutors/find?q=${encodeURIComponent(ownName)}`)
  }
  await showOnline(true)
  await expect(ownCard.getByText('Online now')).toBeVisible()
  await showOnline(false)
  await expect(ownCard.getByText('Online now')).toHaveCount(0)

  // A request for them, which they confirm from their dashboard…
  const family = uniqueEmail('family-of-tutor')
  // The times as a family sees them (the page is signed in as the tutor).
  const slot = await fetch(new URL(`/tutors/${tutorId}`, page.url()))
  const iso = /name="slot"[^>]*value="([^"]+)"/.exec(await slot.text())![1]!
  // Sent signed out: this request context is signed in as staff.
  expect((await request.post(`/tutors/${tutorId}`, { form: { slot: iso, name: 'Fred Family', email: family, message: '' }, headers: { Cookie: '__session=none' } })).status()).toBe(200)
  await sendWaitingRequestByPost(request, family)
  await gotoReady(page, '/dashboard')
  await page.getByRole('button', { name: /^Confirm Fred Family, / }).first().click()
  await expect(page.getByText('Lesson confirmed; the family has been e-mailed.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your lessons' })).toContainText('Fred Family')

  // …but another tutor's request is not theirs to answer: 404, and it stays as it was.
  const otherIso = /name="slot"[^>]*value="([^"]+)"/.exec(await (await request.get(`/tutors/${other}`, { headers: { Cookie: '__session=none' } })).text())![1]!
  const otherFamily = uniqueEmail('other-family')
  await request.post(`/tutors/${other}`, { form: { slot: otherIso, name: 'Olga Other', email: otherFamily, message: '' }, headers: { Cookie: '__session=none' } })
  await sendWaitingRequestByPost(request, otherFamily)
  const tutorCookie = await sessionOf(request, applicant)
  const otherId = await lessonRequestId(staffCookie, request, otherFamily)
  const refused = await request.post('/dashboard?intent=confirm', { form: { request: String(otherId) }, headers: { Cookie: tutorCookie } })
  expect(refused.status()).toBe(404)
  expect(await countRows('lesson_requests', "email = ? AND status = 'requested'", otherFamily)).toBe(1)
})

/** The id of the lesson request a family sent, as the office's list links to it. */
async function lessonRequestId(staffCookie: string, request: APIRequestContext, familyEmail: string) {
  for (let page = 1; page < 20; page++) {
    const list = await (await request.get(`/office/lessons?page=${page}`, { headers: { Cookie: staffCookie } })).text()
    for (const [, id] of list.matchAll(/href="\/office\/lessons\/(\d+)"/g)) {
      const item = await (await request.get(`/office/lessons/${id}`, { headers: { Cookie: staffCookie } })).text()
      if (item.includes(familyEmail)) return Number(id)
    }
  }
  throw new Error(`no lesson request from ${familyEmail}`)
}

// An account made from an invitation the wrong person followed, or a tutor who has left: the office
// takes the account away, and the catalogue tutor can be invited again.
test('staff remove a tutor account: the tutor is signed out and told, and the catalogue tutor can be invited again @no-js', async ({ page, request }) => {
  const { removed: tutorId, removedName } = tutorsOf()
  const staff = await newStaff(request)
  const tutor = await newTutor(request, staff.cookie, tutorId, removedName)
  await logIn(page, staff.email, '/office')
  await gotoReady(page, '/office/tutors')
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: removedName, exact: true }) })
  await expect(row).toContainText(`account ${tutor.email}`)
  await row.getByRole('link', { name: `Remove the account of ${removedName}` }).click()
  const removal = page.getByRole('region', { name: `Remove ${removedName}'s account` })
  await expect(removal).toContainText(tutor.email)
  // With JavaScript the step appears beside the list, and the focus goes to it; then to the answer.
  if (hasJavaScript()) await expect(removal.getByRole('heading')).toBeFocused()
  await removal.getByRole('button', { name: 'Remove account' }).click()
  const answer = page.getByRole('main').getByRole('status')
  await expect(answer).toHaveText(`${removedName}'s account (${tutor.email}) is removed, and they are told. Invite them again to give them a new one.`)
  if (hasJavaScript()) await expect(answer).toBeFocused()
  await expect(row).toContainText('no account yet')

  // Signed out at once, unable to sign in again, and told why by e-mail.
  expect((await request.get('/dashboard', { headers: { Cookie: tutor.cookie }, maxRedirects: 0 })).status()).toBe(302)
  const login = await request.post('/login', { form: { email: tutor.email, password: PASSWORD }, maxRedirects: 0 })
  expect(login.status()).toBe(401)
  await expect.poll(() => subjectsMailedTo(tutor.email)).toContain('Your Brightwell Tutoring tutor account is closed')
  await inviteTutor(request, staff.cookie, tutorId)
})

test('authorisation: who may open and post to every office, dashboard and account route', async ({ request, playwright, baseURL }) => {
  test.skip(!hasJavaScript(), 'plain HTTP: once is enough')
  test.setTimeout(120_000)
  const { cookie: staffCookie, email: staffEmail } = await newStaff(request)
  const { cookie: familyCookie, email: familyEmail } = await newFamily(request, { name: 'Matt Family' })
  const tutor = await inviteTutor(request, staffCookie, 'harpreet-sandhu')
  expect((await acceptInvitation(request, tutor.path, 'Harpreet Sandhu')).status()).toBe(302)
  const tutorCookie = await sessionOf(request, tutor.email)
  const otherTutor = await inviteTutor(request, staffCookie, 'niamh-brennan')
  expect((await acceptInvitation(request, otherTutor.path, 'Niamh Brennan')).status()).toBe(302)
  const otherTutorCookie = await sessionOf(request, otherTutor.email)

  // One of each item, so every item route has something to show.
  // Sent signed out: this request context holds the last session made above, a tutor's.
  const signedOut = { Cookie: '__session=none' }
  const lessonIso = /name="slot"[^>]*value="([^"]+)"/.exec(await (await request.get('/tutors/harpreet-sandhu', { headers: signedOut })).text())![1]!
  const lessonFamily = uniqueEmail('matrix-lesson')
  await request.post('/tutors/harpreet-sandhu', { form: { slot: lessonIso, name: 'Mo Matrix', email: lessonFamily, message: '' }, headers: signedOut })
  await sendWaitingRequestByPost(request, lessonFamily)
  const lessonId = await lessonRequestId(staffCookie, request, lessonFamily)
  // A message of its own: staff's post marks it answered, and another spec running at the same time
  // looks for its own message among those still new.
  expect((await request.post('/contact', { form: { name: 'Mo Matrix', email: lessonFamily, subject: 'General question', message: 'A message for the authorisation matrix.' } })).status()).toBe(200)
  const messages = await (await request.get('/office/messages?status=new', { headers: { Cookie: staffCookie } })).text()
  const applications = await (await request.get('/office/applications', { headers: { Cookie: staffCookie } })).text()
  const messageId = /href="\/office\/messages\/(\d+)"[^>]*>[^<]*: Mo Matrix</.exec(messages)![1]!
  const applicationId = /href="\/office\/applications\/(\d+)"/.exec(applications)?.[1] ?? '1'

  const OFFICE_GETS = ['/office', '/office/messages', `/office/messages/${messageId}`, '/office/lessons', `/office/lessons/${lessonId}`, '/office/applications', `/office/applications/${applicationId}`, '/office/classes', '/office/tutors', '/office/newsletter', '/office/newsletter.csv', '/office/mail']
  // A post of every office form; for staff, answers that change at most the item made above.
  const OFFICE_POSTS: Array<[string, Record<string, string>]> = [
    [`/office/messages/${messageId}`, {}],
    [`/office/lessons/${lessonId}?intent=nothing`, {}],
    [`/office/applications/${applicationId}?intent=nothing`, {}],
    ['/office/classes', { place: '999999999' }],
    ['/office/mail', { mail: '999999999' }],
    ['/office/tutors?intent=invite', { tutorId: '', email: '' }],
    ['/office/tutors?intent=remove-account', { tutorId: '' }],
  ]
  const visitors = { 'signed out': '', family: familyCookie, tutor: tutorCookie, 'another tutor': otherTutorCookie, staff: staffCookie }
  const emails: Record<string, string> = { family: familyEmail, tutor: tutor.email, 'another tutor': otherTutor.email, staff: staffEmail }
  const results: string[] = []
  for (const [who, cookie] of Object.entries(visitors)) {
    // A context of its own per visitor: no cookie of another's can travel with its requests.
    const visitor = await playwright.request.newContext({ baseURL })
    const headers = cookie ? { Cookie: cookie } : undefined
    for (const path of OFFICE_GETS) {
      const response = await visitor.get(path, { headers, maxRedirects: 0 })
      const expected = who === 'staff' ? 200 : who === 'signed out' ? 302 : 403
      results.push(`${who} GET ${path}: ${response.status()}${response.status() === expected ? '' : ` UNEXPECTED, not ${expected}`}`)
      if (who === 'signed out') expect(response.headers()['location'], path).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`)
    }
    for (const [path, form] of OFFICE_POSTS) {
      const response = await visitor.post(path, { form, headers, maxRedirects: 0 })
      const ok = who === 'staff' ? response.status() < 500 && response.status() !== 403 : response.status() === (who === 'signed out' ? 302 : 403)
      results.push(`${who} POST ${path}: ${response.status()}${ok ? '' : ' UNEXPECTED: refused wrongly or let through'}`)
    }
    const dashboard = await visitor.get('/dashboard', { headers, maxRedirects: 0 })
    results.push(`${who} GET /dashboard: ${dashboard.status()}${dashboard.status() === (who === 'signed out' ? 302 : 200) ? '' : ' UNEXPECTED'}`)
    const decision = await visitor.post('/dashboard?intent=decline', { form: { request: String(lessonId) }, headers, maxRedirects: 0 })
    const expectedDecision = { 'signed out': 302, family: 403, tutor: 200, 'another tutor': 404, staff: 403 }[who]
    results.push(`${who} POST /dashboard (decline Harpreet's request): ${decision.status()}${decision.status() === expectedDecision ? '' : ` UNEXPECTED, not ${expectedDecision}`}`)
    // Cancelling is a family's (its own requests) or a tutor's (their own confirmed lessons); a request never confirmed has no calendar file.
    const cancel = await visitor.post('/dashboard?intent=cancel', { form: { request: String(lessonId) }, headers, maxRedirects: 0 })
    const expectedCancel = { 'signed out': 302, family: 404, tutor: 409, 'another tutor': 404, staff: 403 }[who]
    results.push(`${who} POST /dashboard (cancel Harpreet's request): ${cancel.status()}${cancel.status() === expectedCancel ? '' : ` UNEXPECTED, not ${expectedCancel}`}`)
    const calendar = await visitor.get(`/dashboard/lessons/${lessonId}.ics`, { headers, maxRedirects: 0 })
    const expectedCalendar = who === 'signed out' ? 302 : 404
    results.push(`${who} GET its calendar file: ${calendar.status()}${calendar.status() === expectedCalendar ? '' : ` UNEXPECTED, not ${expectedCalendar}`}`)

    // Every account has its own /account and its own copy of its data, and no other.
    for (const path of ['/account', '/account/data.json']) {
      const response = await visitor.get(path, { headers, maxRedirects: 0 })
      const expected = who === 'signed out' ? 302 : 200
      results.push(`${who} GET ${path}: ${response.status()}${response.status() === expected ? '' : ` UNEXPECTED, not ${expected}`}`)
      if (who !== 'signed out' && path.endsWith('.json')) {
        const copy = JSON.stringify(await response.json())
        const others = Object.entries(emails).filter(([other]) => other !== who).map(([, email]) => email)
        results.push(`${who} copy of its data: ${copy.includes(emails[who]!) && others.every((email) => !copy.includes(email)) ? 'its own only' : 'UNEXPECTED: not its own, or another\'s'}`)
      }
    }
    const profile = await visitor.post('/account?intent=profile', { form: { learnerName: 'Not Theirs' }, headers, maxRedirects: 0 })
    const expectedProfile = { 'signed out': 302, family: 200, tutor: 403, 'another tutor': 403, staff: 403 }[who]
    results.push(`${who} POST /account (learner's profile): ${profile.status()}${profile.status() === expectedProfile ? '' : ` UNEXPECTED, not ${expectedProfile}`}`)
    const rename = await visitor.post('/account?intent=name', { form: { name: '' }, headers, maxRedirects: 0 })
    const expectedRename = who === 'signed out' ? 302 : 400
    results.push(`${who} POST /account (an empty name): ${rename.status()}${rename.status() === expectedRename ? '' : ` UNEXPECTED, not ${expectedRename}`}`)
    await visitor.dispose()
  }
  expect(results.filter((line) => line.includes('UNEXPECTED'))).toEqual([])
  // Only its own tutor declined it; nothing else changed it.
  expect(await countRows('lesson_requests', "email = ? AND status = 'declined'", lessonFamily)).toBe(1)
})
