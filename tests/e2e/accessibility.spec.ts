import { seriousViolations } from './axe'
import { expect, test } from './fixtures'
import { gotoHydrated } from './hydrated'
import { lessonRequestLinkTo } from './lesson-requests'
import { ROUTES } from './routes'
import { linkMailedTo, uniqueEmail } from './server-data'

// A first visit: the cookie banner is on every page, so it is checked with each of them.
test.use({ storageState: { cookies: [], origins: [] } })

// Every route, the 404 page and a search with results.
const PAGES = [...ROUTES, '/no-such-page', '/tutors/find?subject=science&sort=rating']

// Each page is loaded once, at a phone's width, and checked there and again at a laptop's: the same
// checks as a load at each width, for half the page loads.
test.use({ viewport: { width: 375, height: 900 } })

for (const path of PAGES) {
  test(`${path} has no serious or critical axe violation at 375 or 1280 px and no CSP violation`, async ({ page }) => {
    const cspViolations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text())) cspViolations.push(message.text())
    })
    await gotoHydrated(page, path)
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await seriousViolations(page), `at ${width} px`).toEqual([])
    }
    expect(cspViolations).toEqual([])
  })
}

// The pages behind the links we e-mail to an address typed in a form, as its owner first sees them: asking.
test('the pages that send a lesson request and confirm a subscription, asking, have no serious or critical axe violation at 375 or 1280 px', async ({ page }) => {
  const email = uniqueEmail('axe-links')
  const slot = /name="slot"[^>]*value="([^"]+)"/.exec(await (await page.request.get('/tutors/amelia-hart')).text())![1]!
  expect((await page.request.post('/tutors/amelia-hart', { form: { slot, name: 'Ada Axe', email, message: '' } })).status()).toBe(200)
  const lessonLink = await lessonRequestLinkTo(email)
  const reader = uniqueEmail('axe-newsletter')
  expect((await page.request.post('/newsletter', { form: { email: reader } })).ok()).toBe(true)
  const confirmLink = () => linkMailedTo(reader, /\/newsletter\/confirm\?token=[0-9a-f]{64}/)
  await expect.poll(confirmLink).toBeTruthy()
  const newsletterLink = confirmLink()!
  for (const [path, button] of [[lessonLink, 'Send My Request'], [newsletterLink, 'Confirm subscription']] as const) {
    await gotoHydrated(page, path)
    await expect(page.getByRole('button', { name: button })).toBeVisible()
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([])
    }
  }
})
