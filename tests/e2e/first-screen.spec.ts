
import { expect, test } from './fixtures'
import { gotoReady } from './hydrated'

// A first visit on a phone: the cookie notice, the promotion, the top bar and the header
// all stand above the page, and the page's own heading must still be on the first screen.
test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 375, height: 800 } })

const PAGES = ['/', '/about', '/login', '/tutors/find', '/classes', '/contact', '/pricing']

for (const path of PAGES) {
  test(`${path}: on a first visit at 375×800 the page's heading is on the first screen, below the cookie notice, the promotion and the top bar @no-js`, async ({ page }) => {
    await gotoReady(page, path)
    await page.evaluate(() => document.fonts.ready)
    await expect(page.getByRole('region', { name: 'Cookies on Brightwell Tutoring' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Promotion' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Claim your free session →' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()

    const heading = await page.getByRole('main').getByRole('heading', { level: 1 }).boundingBox()
    expect(heading, 'the page has an h1').not.toBeNull()
    expect(heading!.y).toBeGreaterThanOrEqual(0)
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(800)
  })
}
