import type { BrowserContext, Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { readSiteCookie, siteCookieValue } from './cookie-values'
import { gotoHydrated, gotoReady, hasJavaScript } from './hydrated'
import { ROUTES } from './routes'
import { SCHEDULING_SCRIPT_URL } from './scheduling'

// A first visit: no answer to the cookie banner yet.
test.use({ storageState: { cookies: [], origins: [] } })

const SCHEDULING_ORIGIN = new URL(SCHEDULING_SCRIPT_URL).origin
// spec: session, banner dismissal and the consent itself, plus the one-time notice after a form.
const ESSENTIAL_COOKIES = ['__session', 'promo_dismissed', 'cookie_consent', 'flash', 'known_sign_in']

const thirdPartyScripts = (page: Page) => page.locator(`script[src^="${SCHEDULING_ORIGIN}"]`)

async function consentCookie(context: BrowserContext) {
  return readSiteCookie((await context.cookies()).find((cookie) => cookie.name === 'cookie_consent')?.value)
}

async function cspOf(page: Page, path: string) {
  const response = await page.request.get(path)
  return response.headers()['content-security-policy'] ?? ''
}

test('before an answer only essential cookies are set and nothing loads from the scheduling service @no-js', async ({ page, context }) => {
  const thirdPartyRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(SCHEDULING_ORIGIN)) thirdPartyRequests.push(request.url())
  })
  for (const path of ['/', '/pricing', '/classes', '/']) {
    await gotoReady(page, path)
    await expect(page.getByRole('region', { name: 'Cookies on Brightwell Tutoring' })).toBeVisible()
  }
  await expect(thirdPartyScripts(page)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Book a free consultation' })).toBeVisible()
  expect(thirdPartyRequests).toEqual([])
  expect(await cspOf(page, '/')).not.toContain(SCHEDULING_ORIGIN)
  for (const cookie of await context.cookies()) expect(ESSENTIAL_COOKIES).toContain(cookie.name)
})

test('Accept and Reject are equally prominent buttons in the banner @no-js', async ({ page }) => {
  await gotoReady(page, '/about')
  const banner = page.getByRole('region', { name: 'Cookies on Brightwell Tutoring' })
  const accept = banner.getByRole('button', { name: 'Accept', exact: true })
  const reject = banner.getByRole('button', { name: 'Reject', exact: true })
  const looks = (button: typeof accept) =>
    button.evaluate((element) => {
      const style = getComputedStyle(element)
      const box = element.getBoundingClientRect()
      return { background: style.backgroundColor, color: style.color, font: style.fontSize + style.fontWeight, width: Math.round(box.width), height: Math.round(box.height) }
    })
  expect(await looks(accept)).toEqual(await looks(reject))
  await expect(banner.getByRole('link', { name: 'How we use cookies' })).toHaveAttribute('href', '/cookies')
})

test('Accept is remembered, and the home page then loads the booking button from the scheduling service @no-js', async ({ page, context }) => {
  const cspViolations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute)/i.test(message.text())) cspViolations.push(message.text())
  })
  await gotoReady(page, '/')
  await expect(thirdPartyScripts(page)).toHaveCount(0)
  await page.getByRole('button', { name: 'Accept', exact: true }).click()

  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('status').filter({ hasText: "You've accepted our booking partner's cookies." })).toBeVisible()
  expect(await consentCookie(context)).toBe('accepted')
  expect(await cspOf(page, '/')).toContain(`script-src 'self' 'sha256-`)
  expect(await cspOf(page, '/')).toContain(SCHEDULING_ORIGIN)

  if (hasJavaScript()) {
    await expect(thirdPartyScripts(page)).toHaveCount(1)
    const booking = page.getByRole('link', { name: 'Book with our scheduler' })
    await expect(booking).toBeVisible()
    // spec §7: the injected button looks like the hero's button and is at least 48 px tall.
    const drawn = await booking.evaluate((link) => {
      const style = getComputedStyle(link)
      return { minHeight: parseFloat(style.minHeight), height: link.getBoundingClientRect().height, background: style.backgroundColor, color: style.color }
    })
    expect(drawn.minHeight).toBeGreaterThanOrEqual(48)
    expect(drawn.height).toBeGreaterThanOrEqual(48)
    const hero = await page.getByRole('link', { name: 'Join a Free Class' }).first().evaluate((link) => {
      const style = getComputedStyle(link)
      return { background: style.backgroundColor, color: style.color }
    })
    expect({ background: drawn.background, color: drawn.color }).toEqual(hero)
  } else {
    // Without JavaScript no script could run, so none is added; the plain booking link stays.
    await expect(thirdPartyScripts(page)).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Book a free consultation' })).toBeVisible()
  }

  await gotoReady(page, '/pricing')
  await expect(page.getByRole('region', { name: 'Cookies on Brightwell Tutoring' })).toHaveCount(0)
  await expect(page.getByText("You've accepted our booking partner's cookies.")).toHaveCount(0)
  expect(cspViolations).toEqual([])
})

test('Reject is remembered, and nothing loads from the scheduling service @no-js', async ({ page, context }) => {
  const thirdPartyRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(SCHEDULING_ORIGIN)) thirdPartyRequests.push(request.url())
  })
  await gotoReady(page, '/pricing')
  await page.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page.getByRole('status').filter({ hasText: "You've rejected our booking partner's cookies." })).toBeVisible()
  expect(await consentCookie(context)).toBe('rejected')

  await gotoReady(page, '/')
  await expect(page.getByRole('region', { name: 'Cookies on Brightwell Tutoring' })).toHaveCount(0)
  await expect(thirdPartyScripts(page)).toHaveCount(0)
  expect(thirdPartyRequests).toEqual([])
  expect(await cspOf(page, '/')).not.toContain(SCHEDULING_ORIGIN)
})

test('the choice can be changed on /cookies @no-js', async ({ page, context }) => {
  await gotoReady(page, '/cookies')
  const choice = page.getByRole('region', { name: 'Your cookie choice' })
  await expect(choice).toContainText('You have not chosen yet')
  await choice.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(choice).toContainText('You have rejected')
  await choice.getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(choice).toContainText('You have accepted')
  expect(await consentCookie(context)).toBe('accepted')
  await expect(page.getByRole('row', { name: /cookie_consent/ })).toBeVisible()
})

test('the banner works from the keyboard @no-js', async ({ page, context }) => {
  await gotoReady(page, '/about')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'How we use cookies' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Accept', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Reject', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: "You've rejected" })).toBeVisible()
  expect(await consentCookie(context)).toBe('rejected')
})

test('after Accept the booking script is loaded while the hero is on screen and removed when it leaves', async ({ page }) => {
  await gotoReady(page, '/')
  await page.getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(thirdPartyScripts(page)).toHaveCount(1)
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect(thirdPartyScripts(page)).toHaveCount(0)
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(thirdPartyScripts(page)).toHaveCount(1)
})

test('with consent to the booking partner, every page runs its scripts with no CSP violation', async ({ page, context, baseURL }) => {
  test.skip(!hasJavaScript(), 'without JavaScript no script runs')
  test.setTimeout(120_000)
  await context.addCookies([{ name: 'cookie_consent', value: siteCookieValue('accepted'), url: baseURL! }])
  const cspViolations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`)
  })
  for (const path of ROUTES) {
    await gotoHydrated(page, path)
    expect(await cspOf(page, path), path).toContain(SCHEDULING_ORIGIN)
  }
  // The home page's hero is where the partner's script loads, so it must have run there.
  await gotoHydrated(page, '/')
  await expect(thirdPartyScripts(page)).toHaveCount(1)
  expect(cspViolations).toEqual([])
})

// The second site under test has no booking partner (no SCHEDULING_SCRIPT_URL), as `npm start` has
// none: there is nothing to consent to, so it asks nothing and speaks of no partner.
test('a site without a booking partner asks nothing and speaks of no partner or banner @no-js', async ({ page, context }) => {
  const siteWithoutPartner = `http://127.0.0.1:${process.env.E2E_BROKEN_PORT}`
  for (const path of ['/about', '/cookies']) {
    await gotoReady(page, siteWithoutPartner + path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Cookies on Brightwell Tutoring' })).toHaveCount(0)
  }
  await expect(page.getByRole('heading', { name: 'Your cookie choice' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0)
  const cookieNames = await page.getByRole('table', { name: 'Cookies this site sets' }).getByRole('rowheader').allTextContents()
  expect(cookieNames).toEqual(expect.arrayContaining(['__session', 'promo_dismissed', 'flash']))
  expect(cookieNames).not.toContain('cookie_consent')
  for (const path of ['/cookies', '/privacy', '/accessibility']) {
    await gotoReady(page, siteWithoutPartner + path)
    await expect(page.getByRole('main')).not.toContainText(/booking button|scheduling (partner|service)|cookie banner/i)
  }
  await expect(page.getByRole('main')).toContainText('partially compliant')
  // An answer posted all the same (from a page kept open since the site had a partner) is not kept,
  // and one given before is forgotten.
  await context.addCookies([{ name: 'cookie_consent', value: siteCookieValue('accepted'), url: siteWithoutPartner }])
  const answer = await page.request.post(`${siteWithoutPartner}/cookie-consent`, { form: { consent: 'accepted', redirectTo: '/about' }, headers: { Origin: siteWithoutPartner }, maxRedirects: 0 })
  expect(answer.status()).toBe(302)
  expect(answer.headers()['location']).toBe('/about')
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('cookie_consent')
  await gotoReady(page, siteWithoutPartner + '/about')
  await expect(page.getByText(/booking partner/)).toHaveCount(0)
})

test('a site with a booking partner names it where it asks, and lists the cookie that keeps the answer @no-js', async ({ page }) => {
  await gotoReady(page, '/cookies')
  await expect(page.getByRole('heading', { name: 'Your cookie choice' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('with one exception you control: the home page can show a booking button from our scheduling partner')
  await expect(page.getByRole('table', { name: 'Cookies this site sets' }).getByRole('rowheader', { name: 'cookie_consent' })).toBeVisible()
  await gotoReady(page, '/privacy')
  await expect(page.getByRole('main')).toContainText('The home page can also show a booking button from a third-party scheduling service')
  await gotoReady(page, '/accessibility')
  await expect(page.getByRole('main')).toContainText('The booking button from our scheduling partner is outside our checks too.')
})
