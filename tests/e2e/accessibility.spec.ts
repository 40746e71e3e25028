import AxeBuilder from '@axe-core/playwright'

import { expect, test } from './fixtures'
import { gotoHydrated } from './hydrated'
import { ROUTES } from './routes'
import { WCAG_22_AA } from './wcag'

// A first visit: the cookie banner is on every page, so it is checked with each of them.
test.use({ storageState: { cookies: [], origins: [] } })

// Every route, the 404 page and a search with results, at a phone's and a laptop's width.
const PAGES = [...ROUTES, '/no-such-page', '/tutors/find?subject=science&sort=rating']

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    for (const path of PAGES) {
      test(`${path} has no serious or critical axe violation and no CSP violation`, async ({ page }) => {
        const cspViolations: string[] = []
        page.on('console', (message) => {
          if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text())) cspViolations.push(message.text())
        })
        await gotoHydrated(page, path)
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')})`)
        expect(serious).toEqual([])
        expect(cspViolations).toEqual([])
      })
    }
  })
}
