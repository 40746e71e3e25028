import { seriousViolations } from './axe'
import { expect, test } from './fixtures'
import { gotoHydrated } from './hydrated'
import { ROUTES } from './routes'

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
