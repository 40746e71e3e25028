import type { APIRequestContext, Page } from '@playwright/test'

import { newFamily, newStaff, PASSWORD } from './accounts'
import { expect, test } from './fixtures'
import { gotoReady, hasJavaScript } from './hydrated'
import { expectInView } from './in-view'
import { countRows, lastMailTo, mailsTo, uniqueEmail } from './server-data'

const FAMILY_ACCOUNTS_BOOK = 'Lessons and class places are booked from a family account. Log out, then log in to a family account, or create one with another e-mail address.'

// The js and no-js projects share one database, so each reserves in classes of its own.
const CLASSES = {
  js: { reserve: 'GCSE Maths problem-solving clinic', duplicate: 'GCSE Biology: cells and genetics', full: 'Phonics and early reading' },
  'no-js': { reserve: 'Python first steps', duplicate: 'English Literature essay workshop', full: 'A-Level Maths: pure methods' },
}

function classesOf() {
  return CLASSES[hasJavaScript() ? 'js' : 'no-js']
}

/** The last session of a class on the timetable: a weekly class always has one in the coming two weeks. */
function lastSession(page: Page, title: string) {
  return sessions(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) }).last()
}

function sessions(page: Page) {
  return page.getByRole('region', { name: 'Timetable' }).getByRole('article')
}

async function placesLeft(page: Page, title: string) {
  const text = await lastSession(page, title).getByText(/ of \d+ places? left|^Full$/).innerText()
  return text === 'Full' ? 0 : Number(text.split(' ')[0])
}

async function openReservation(page: Page, title: string) {
  await lastSession(page, title).getByRole('link', { name: 'Reserve a place' }).click()
  const form = page.getByRole('form', { name: `Reserve a place: ${title}` })
  // Opening it loads the page's data again, with the places left at that moment.
  await expect(form.getByLabel('Your name')).toBeVisible()
  return form
}

/** Signs the page in as a new family whose address is proven (or not): places are taken with an account. */
async function signInFamily(page: Page, request: APIRequestContext, baseURL: string, { confirmed = true } = {}) {
  const { email, cookie } = await newFamily(request, { email: uniqueEmail('class'), confirmed })
  await page.context().addCookies([{ name: '__session', value: cookie.slice('__session='.length), url: baseURL }])
  return email
}

async function reserve(form: ReturnType<Page['getByRole']>, name: string, yearGroup = 'Year 10') {
  await form.getByLabel('Your name').fill(name)
  await form.getByLabel("Student's year group").selectOption(yearGroup)
  await form.getByRole('button', { name: 'Reserve a place' }).click()
}

async function sessionKeyOf(page: Page, title: string) {
  const href = await lastSession(page, title).getByRole('link', { name: 'Reserve a place' }).getAttribute('href')
  return new URL(href!, 'http://localhost').searchParams.get('session')!
}

test('the timetable is filtered by the URL and the filter form writes only what is set @no-js', async ({ page }) => {
  await gotoReady(page, '/classes?subject=science&level=alevel')
  await expect(page.getByRole('heading', { level: 1, name: 'Free open classes and small groups' })).toBeVisible()
  const subject = page.getByLabel('Subject', { exact: true })
  const level = page.getByLabel('Level', { exact: true })
  await expect(subject).toHaveValue('science')
  await expect(level).toHaveValue('alevel')
  await expect(sessions(page).first()).toBeVisible()
  for (const label of await sessions(page).locator('span', { hasText: ' · ' }).allInnerTexts()) expect(label).toBe('Science · A-Level')
  await expect(page.getByRole('status').filter({ hasText: 'in the next two weeks' })).toContainText(`${await sessions(page).count()} session`)

  await subject.selectOption('')
  await level.selectOption('primary')
  await page.getByRole('button', { name: 'Show classes' }).click()
  await expect(page).toHaveURL(/\/classes\?level=primary$/)
  await expect(sessions(page).first()).toContainText('Primary')
  for (const label of await sessions(page).locator('span', { hasText: ' · ' }).allInnerTexts()) expect(label).toMatch(/ · Primary$/)

  await page.getByRole('link', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/classes$/)
  await expect(level).toHaveValue('')
})

test('every session shows its London time, level, tutor and places left, and unknown filters are ignored @no-js', async ({ page }) => {
  const response = await page.goto('/classes?subject=%3Cscript%3E&level=phd')
  expect(response?.status()).toBe(200)
  expect(await page.content()).not.toContain('<script>&')
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('')
  const first = sessions(page).first()
  await expect(first.locator('time')).toHaveText(/^\d{1,2}:\d{2} (AM|PM)-\d{1,2}:\d{2} (AM|PM)$/)
  await expect(first.getByText(/ of \d+ places? left$/)).toBeVisible()
  await first.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/tutors\/[a-z-]+$/)
})

test('reserving a place stores it for the account, confirms it by email to its address and leaves one place fewer @no-js', async ({ page, request, baseURL }) => {
  const title = classesOf().reserve
  const email = await signInFamily(page, request, baseURL!)
  await gotoReady(page, '/classes')
  const before = await placesLeft(page, title)
  const session = await sessionKeyOf(page, title)
  const form = await openReservation(page, title)
  // With JavaScript the form opens in place, so the focus moves into it.
  if (hasJavaScript()) await expect(form.getByLabel('Your name')).toBeFocused()
  await reserve(form, 'Maya Patel')
  await expect(lastSession(page, title).getByRole('status')).toContainText(`Thank you, Maya Patel. Your place at ${title} on`)
  // Without JavaScript the answer is a new page: it opens where the answer is, not at its top.
  await expectInView(page, lastSession(page, title).getByRole('status'))
  expect(await countRows('class_registrations', 'email = ? AND user_id IS NOT NULL AND class_id || \'@\' || session_date = ?', email, session)).toBe(1)
  await expect.poll(() => mailsTo(email).map((message) => message.text)).toContainEqual(expect.stringContaining(`Your place is reserved: ${title}`))

  await gotoReady(page, '/classes')
  expect(await placesLeft(page, title)).toBe(before - 1)
})

test('empty details are refused next to their fields and nothing is stored @no-js', async ({ page, request, baseURL }) => {
  const title = classesOf().duplicate
  const email = await signInFamily(page, request, baseURL!)
  await gotoReady(page, '/classes')
  const form = await openReservation(page, title)
  // The name starts as the account's; emptied, it is refused like any other empty field.
  await expect(form.getByLabel('Your name')).toHaveValue('Fia Family')
  await form.getByLabel('Your name').fill('')
  await form.getByRole('button', { name: 'Reserve a place' }).click()
  await expect(form.getByLabel('Your name')).toHaveAccessibleDescription('Name is required')
  await expect(form.getByLabel("Student's year group")).toHaveAccessibleDescription("Please choose the student's year group")
  await expectInView(page, form.getByLabel('Your name'))
  expect(await countRows('class_registrations', 'email = ?', email)).toBe(0)
})

test('an account cannot take two places in one class @no-js', async ({ page, request, baseURL }) => {
  const title = classesOf().duplicate
  const email = await signInFamily(page, request, baseURL!)
  await gotoReady(page, '/classes')
  await reserve(await openReservation(page, title), 'Leo Grant')
  await expect(lastSession(page, title).getByRole('status')).toContainText('Thank you, Leo Grant.')

  await gotoReady(page, '/classes')
  await reserve(await openReservation(page, title), 'Leo Grant')
  await expect(lastSession(page, title).getByRole('alert')).toHaveText('You already have a place in this class. Check your inbox for the confirmation.')
  expect(await countRows('class_registrations', 'email = ?', email)).toBe(1)
})

// Nothing a stranger types is trusted as theirs: a place is taken by an account, at the address its link proved.
test('a visitor who is not signed in is asked to log in, and comes back to the form; a typed address takes no place @no-js', async ({ page, request, baseURL }) => {
  const title = classesOf().reserve
  await gotoReady(page, '/classes')
  const session = await sessionKeyOf(page, title)
  await lastSession(page, title).getByRole('link', { name: 'Reserve a place' }).click()
  await expect(lastSession(page, title).getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup')
  // With JavaScript the links open in place, so the focus moves to them.
  if (hasJavaScript()) await expect(lastSession(page, title).getByRole('link', { name: 'Log in to reserve' })).toBeFocused()
  await lastSession(page, title).getByRole('link', { name: 'Log in to reserve' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'class places are taken with a free account' })).toBeVisible()

  const { email } = await newFamily(request, { email: uniqueEmail('class-login') })
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(new RegExp(`/classes\\?session=${encodeURIComponent(session)}$`))
  await expect(page.getByRole('form', { name: `Reserve a place: ${title}` }).getByLabel('Your name')).toBeVisible()

  // A post without a session, naming someone's address, stores nothing and sends nothing.
  const victim = uniqueEmail('not-theirs')
  const post = await request.post('/classes', { form: { session, name: 'Mallory', email: victim, yearGroup: 'Year 9' }, headers: { Origin: baseURL!, Cookie: '__session=none' }, maxRedirects: 0 })
  expect(post.status()).toBe(302)
  expect(post.headers()['location']).toBe(`/login?${new URLSearchParams({ redirectTo: `/classes?${new URLSearchParams({ session })}`, notice: 'class-place' })}`)
  expect(await countRows('class_registrations', 'email = ? OR name = ?', victim, 'Mallory')).toBe(0)
  expect(lastMailTo(victim)).toBeUndefined()
})

test('an account whose address is not proven yet is asked to confirm it first, and takes no place @no-js', async ({ page, request, baseURL }) => {
  const title = classesOf().reserve
  const email = await signInFamily(page, request, baseURL!, { confirmed: false })
  await gotoReady(page, '/classes')
  await reserve(await openReservation(page, title), 'Una Proven')
  await expect(lastSession(page, title).getByRole('alert')).toHaveText(
    'Please confirm your email address first: open the link in our confirmation email, or send a new one from your dashboard. Then reserve your place.',
  )
  expect(await countRows('class_registrations', 'email = ?', email)).toBe(0)
})

test('a full class refuses with a clear message @no-js', async ({ page, request, baseURL }) => {
  const title = classesOf().full
  await signInFamily(page, request, baseURL!)
  await gotoReady(page, '/classes')
  const session = await sessionKeyOf(page, title)
  // Other families, each signed in to an account of its own.
  const takePlace = async (email: string) => {
    const { cookie } = await newFamily(request, { email })
    return request.post('/classes', { form: { session, name: 'Another family', yearGroup: 'Year 12' }, headers: { Origin: baseURL!, Cookie: cookie } })
  }

  // Everyone else books until one place is left, while this visitor has the form open.
  const left = await placesLeft(page, title)
  for (let taken = 0; taken < left - 1; taken += 1) expect((await takePlace(uniqueEmail('filler'))).status()).toBe(200)
  const form = await openReservation(page, title)
  expect((await takePlace(uniqueEmail('last-place'))).status()).toBe(200)

  await reserve(form, 'Late Comer')
  await expect(lastSession(page, title).getByRole('alert')).toHaveText('Sorry, this class is full. Please choose another class or date.')
  expect(await countRows('class_registrations', "class_id || '@' || session_date = ? AND name = 'Late Comer'", session)).toBe(0)

  await gotoReady(page, '/classes')
  await expect(lastSession(page, title).getByText('Full', { exact: true })).toBeVisible()
  await expect(lastSession(page, title).getByRole('link', { name: 'Reserve a place' })).toHaveCount(0)
})

// A staff or tutor account's dashboard has no family's part: a place or a lesson it booked would be one
// its holder could neither see nor cancel.
test('a staff account is told places and lessons are booked from a family account, and books none @no-js', async ({ page, request, baseURL }) => {
  const title = classesOf().reserve
  const staff = await newStaff(request, 'Sid Staff')
  await page.context().addCookies([{ name: '__session', value: staff.cookie.slice('__session='.length), url: baseURL! }])
  await gotoReady(page, '/classes')
  const session = await sessionKeyOf(page, title)
  await lastSession(page, title).getByRole('link', { name: 'Reserve a place' }).click()
  await expect(lastSession(page, title).getByText(FAMILY_ACCOUNTS_BOOK)).toBeVisible()
  await expect(page.getByRole('form', { name: `Reserve a place: ${title}` })).toHaveCount(0)
  const reserved = await request.post('/classes', { form: { session, name: 'Sid Staff', yearGroup: 'Year 10' }, headers: { Origin: baseURL!, Cookie: staff.cookie } })
  expect(reserved.status()).toBe(403)
  expect(await countRows('class_registrations', 'email = ?', staff.email)).toBe(0)

  await gotoReady(page, '/tutors/amelia-hart')
  await expect(page.getByText(FAMILY_ACCOUNTS_BOOK)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Request a lesson' })).toHaveCount(0)
  // The times as a visitor signed out sees them (this request context is signed in as staff).
  const slot = /name="slot"[^>]*value="([^"]+)"/.exec(await (await fetch(`${baseURL}/tutors/amelia-hart`)).text())![1]!
  const asked = await request.post('/tutors/amelia-hart', { form: { slot, name: 'Sid Staff', email: staff.email, message: '' }, headers: { Origin: baseURL!, Cookie: staff.cookie } })
  expect(asked.status()).toBe(403)
  expect(await countRows('lesson_requests', 'email = ?', staff.email)).toBe(0)
})
