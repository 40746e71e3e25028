import { readFileSync } from 'node:fs'

import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { holdRequests } from './hold-request'
import { gotoHydrated, gotoReady } from './hydrated'
import { expectInView } from './in-view'
import { lessonRequestLinkTo } from './lesson-requests'
import { countRows, uniqueEmail } from './server-data'

type TutorRecord = { id: string; name: string; subject: string; location: string; specialties: string[]; rating: number }
const TUTORS = JSON.parse(readFileSync('content/tutors/tutors.json', 'utf8')) as TutorRecord[]
const brokenServer = `http://127.0.0.1:${process.env.E2E_BROKEN_PORT}`

function results(page: Page) {
  return page.getByRole('region', { name: 'Tutors', exact: true })
}

function cards(page: Page) {
  return results(page).getByRole('article')
}

async function cardNames(page: Page) {
  return cards(page).getByRole('heading').allInnerTexts()
}

test('filters are prefilled from the URL and every subject+level result matches @no-js', async ({ page }) => {
  await page.goto('/tutors/find?subject=science&level=alevel')
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('science')
  await expect(page.getByLabel('Level', { exact: true })).toHaveValue('alevel')
  const count = await cards(page).count()
  expect(count).toBeGreaterThan(0)
  for (let index = 0; index < count; index++) {
    await expect(cards(page).nth(index)).toContainText(/(Physics|Chemistry|Biology) · .*A-Level/)
  }
})

test('the rating filter is respected and Top Rated shows exactly from 4.8 @no-js', async ({ page }) => {
  await page.goto('/tutors/find?rating=4.7&sort=rating')
  const texts = await cards(page).allInnerTexts()
  expect(texts.length).toBeGreaterThan(0)
  for (const text of texts) {
    const rating = Number(text.match(/(\d\.\d)\s*out of 5/)?.[1])
    expect(rating).toBeGreaterThanOrEqual(4.7)
    expect(text.includes('Top Rated'), `${rating}`).toBe(rating >= 4.8)
  }
})

test('at most 6 cards per page, with working pagination @no-js', async ({ page }) => {
  await page.goto('/tutors/find')
  await expect(cards(page)).toHaveCount(6)
  await expect(results(page)).toContainText(`Showing 1–6 of ${TUTORS.length} tutors`)
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/\/tutors\/find\?page=2$/)
  await expect(results(page)).toContainText(`Showing 7–12 of ${TUTORS.length} tutors`)
  await expect(cards(page)).toHaveCount(6)
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Previous' }).click()
  await expect(results(page)).toContainText('Showing 1–6')
})

test('a search writes only the values chosen, and the back button restores the previous search @no-js', async ({ page }) => {
  await gotoReady(page, '/tutors/find?subject=science')
  await page.getByLabel('Level', { exact: true }).selectOption('igcse')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/\/tutors\/find\?subject=science&level=igcse$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/tutors\/find\?subject=science$/)
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('science')
  await expect(page.getByLabel('Level', { exact: true })).toHaveValue('')
})

// Issue 30: on a slow link, a search's results used to arrive just after a later choice and put that
// control back to the earlier search's value, so the next search left the choice out. A visitor who
// picks a filter every 120 ms while each search takes 150 ms meets that in about two runs of five.
const FOUR_FILTERS = [
  ['Subject', 'science'],
  ['Level', 'alevel'],
  ['Availability', 'this-week'],
  ['Rating', '4.8'],
] as const

test('four filters chosen in quick succession on a slow connection all reach the URL and the results @no-js', async ({ page, browser }) => {
  await gotoReady(page, '/tutors/find')
  // Every request now takes longer than the visitor's pause between two choices.
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 })
  for (const [label, value] of FOUR_FILTERS) {
    await page.getByLabel(label, { exact: true }).selectOption(value)
    // The visitor's pace, not a wait for the page: the race is with what the page does meanwhile.
    await page.waitForTimeout(120)
  }
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const wanted = '/tutors/find?subject=science&level=alevel&availability=this-week&rating=4.8'
  await expect(page).toHaveURL(new RegExp(`${wanted.replaceAll('?', '\\?')}$`))
  for (const [label, value] of FOUR_FILTERS) await expect(page.getByLabel(label, { exact: true }), label).toHaveValue(value)
  // The results are the server's for that URL, loaded afresh.
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled()
  const fresh = await browser.newPage({ javaScriptEnabled: false })
  await fresh.goto(new URL(wanted, page.url()).href)
  const expected = await cardNames(fresh)
  expect(expected.length).toBeGreaterThan(0)
  await expect(cards(page).getByRole('heading')).toHaveText(expected)
  await fresh.close()
})

test('Back and Forward after two searches show each search in the controls @no-js', async ({ page }) => {
  await gotoReady(page, '/tutors/find')
  const search = page.getByRole('button', { name: 'Search', exact: true })
  const subject = page.getByLabel('Subject', { exact: true })
  const level = page.getByLabel('Level', { exact: true })
  await subject.selectOption('science')
  await search.click()
  await expect(page).toHaveURL(/\/tutors\/find\?subject=science$/)
  await level.selectOption('alevel')
  await search.click()
  await expect(page).toHaveURL(/\/tutors\/find\?subject=science&level=alevel$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/tutors\/find\?subject=science$/)
  await expect(subject).toHaveValue('science')
  await expect(level).toHaveValue('')
  await page.goBack()
  await expect(page).toHaveURL(/\/tutors\/find$/)
  await expect(subject).toHaveValue('')
  await page.goForward()
  await page.goForward()
  await expect(page).toHaveURL(/\/tutors\/find\?subject=science&level=alevel$/)
  await expect(subject).toHaveValue('science')
  await expect(level).toHaveValue('alevel')
})

test('Clear All resets the filters and the query string @no-js', async ({ page }) => {
  await gotoReady(page, '/tutors/find?subject=math&rating=4.8')
  await page.getByRole('link', { name: 'Clear All' }).click()
  await expect(page).toHaveURL(/\/tutors\/find$/)
  await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('')
  await expect(page.getByLabel('Rating', { exact: true })).toHaveValue('')
  await expect(page.getByRole('link', { name: 'Clear All' })).toHaveCount(0)
  await expect(results(page)).toContainText(`of ${TUTORS.length} tutors`)
})

test('a search with no match says so @no-js', async ({ page }) => {
  await page.goto('/tutors/find?q=underwater%20basket%20weaving')
  await expect(results(page)).toContainText('No tutors found. Try adjusting your search criteria.')
  await expect(cards(page)).toHaveCount(0)
})

test('a 1-character query returns every tutor @no-js', async ({ page }) => {
  await page.goto('/tutors/find?q=a')
  await expect(results(page)).toContainText(`of ${TUTORS.length} tutors`)
})

test('the header search for "  physics " lands on the tutors that match @no-js', async ({ page }) => {
  await gotoReady(page, '/')
  const search = page.getByRole('banner').getByRole('searchbox').first()
  await search.fill('  physics ')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/tutors\/find\?q=physics$/)
  const expected = TUTORS.filter((tutor) =>
    [tutor.name, tutor.subject, tutor.location, ...tutor.specialties].some((field) => field.toLowerCase().includes('physics')),
  )
  await expect(results(page)).toContainText(`of ${expected.length} tutors`)
  for (const name of await cardNames(page)) expect(expected.map((tutor) => tutor.name)).toContain(name)
})

test('malformed parameters answer 200 and are never reflected as markup @no-js', async ({ request }) => {
  const response = await request.get('/tutors/find?rating=abc&subject=%3Cscript%3Ealert(1)%3C/script%3E&q=%3Cimg%20src=x%20onerror=alert(1)%3E&page=-3')
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).not.toContain('<script>alert(1)')
  expect(html).not.toContain('<img src=x')
})

test('while the test holds the search, the button reads "Searching..." and is disabled', async ({ page }) => {
  await gotoHydrated(page, '/tutors/find')
  const release = await holdRequests(page, (request) => {
    const url = new URL(request.url())
    return url.pathname === '/tutors/find' && url.searchParams.has('_data')
  })
  await page.getByLabel('Subject', { exact: true }).selectOption('english')
  await expect(page.getByRole('button', { name: 'Searching...' })).toBeDisabled()
  release()
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeEnabled()
  await expect(page).toHaveURL(/\/tutors\/find\?subject=english$/)
})

// On a phone the button is far down the form and the results below it: the search jumped to the
// top of the page, and the button, disabled while busy, left the keyboard's focus on the page.
test('on a phone, searching from the keyboard keeps the page where it was and the focus on Search', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await gotoHydrated(page, '/tutors/find')
  const button = page.getByRole('button', { name: 'Search', exact: true })
  await page.getByLabel('Name, subject, topic or area').fill('chemistry')
  await button.focus()
  const scrolledTo = await page.evaluate(() => window.scrollY)
  expect(scrolledTo).toBeGreaterThan(0)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/tutors\/find\?q=chemistry$/)
  await expect(button).toBeEnabled()
  await expect(button).toBeFocused()
  // Where it was, give or take the pixel the browser's scroll anchoring may move it as the results below change.
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledTo)).toBeLessThanOrEqual(2)
})

test('a search that fails says so, empties the list and can be dismissed', async ({ page }) => {
  await gotoHydrated(page, `${brokenServer}/tutors/find`)
  const alert = page.getByRole('alert').filter({ hasText: 'An error occurred while searching. Please try again.' })
  await expect(alert).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  await alert.getByRole('button', { name: 'Dismiss' }).click()
  await expect(alert).toHaveCount(0)
  await expect(page.getByLabel('Subject', { exact: true })).toBeEnabled()
})

test('without JavaScript a failed search says so, with no Dismiss button that could not work @no-js-only', async ({ page }) => {
  await page.goto(`${brokenServer}/tutors/find`)
  const alert = page.getByRole('alert').filter({ hasText: 'An error occurred while searching. Please try again.' })
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('button')).toHaveCount(0)
})

test('profiles open from search cards and from the home page @no-js', async ({ page }) => {
  await page.goto('/tutors/find?subject=math')
  const first = (await cardNames(page))[0]!
  await results(page).getByRole('link', { name: `View Profile of ${first}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first)

  await page.goto('/')
  await page.getByRole('link', { name: 'View Profile of Dr Amelia Hart' }).click()
  await expect(page).toHaveURL(/\/tutors\/amelia-hart$/)
  await page.goto('/')
  await page.getByRole('link', { name: 'Book Session with Dr Amelia Hart' }).click()
  await expect(page).toHaveURL(/\/tutors\/amelia-hart#book$/)
  await expect(page.getByRole('heading', { name: 'Request a lesson' })).toBeVisible()
})

test('a lesson request for a free slot waits for its address, then is sent by the link e-mailed to it @no-js', async ({ page }) => {
  const email = uniqueEmail('lesson')
  await gotoReady(page, '/tutors/amelia-hart')
  const slots = page.getByRole('group', { name: 'Choose a time' }).getByRole('radio')
  const slotLabel = await page.getByRole('group', { name: 'Choose a time' }).locator('label').first().innerText()
  await slots.first().check()
  await page.getByLabel('Your name').fill('Lily Moss')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Message (optional)').fill('Year 12, AQA, mechanics.')
  await page.getByRole('button', { name: 'Request a lesson' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Thank you, Lily Moss. Please confirm your request with the link we've e-mailed to ${email}`)
  // Where the form was, on screen, not at a page top far above it.
  await expectInView(page, page.getByRole('main').getByRole('status'))
  expect(await countRows('lesson_requests', "email = ? AND tutor_id = 'amelia-hart'", email)).toBe(0)

  await gotoReady(page, await lessonRequestLinkTo(email))
  await expect(page).toHaveTitle('Confirm Your Lesson Request | Brightwell Tutoring')
  await expect(page.getByRole('main')).toContainText("Send Lily Moss's request for a lesson with Dr Amelia Hart on")
  // Opening the link, as a mail scanner does, sends nothing.
  expect(await countRows('lesson_requests', "email = ? AND tutor_id = 'amelia-hart'", email)).toBe(0)
  await page.getByRole('button', { name: 'Send My Request' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(`Thank you, Lily Moss. Your request for ${slotLabel.trim()} with Dr Amelia Hart has been sent.`)
  expect(await countRows('lesson_requests', "email = ? AND tutor_id = 'amelia-hart'", email)).toBe(1)
})

test('a lesson request for a time that is not free is refused @no-js', async ({ request }) => {
  const response = await request.post('/tutors/amelia-hart', {
    form: { slot: '2020-01-01T10:00:00.000Z', name: 'Max', email: uniqueEmail('stale'), message: '' },
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain('That time is no longer free. Please choose another.')
})
