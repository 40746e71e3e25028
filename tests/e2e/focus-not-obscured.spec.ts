// WCAG 2.2 success criterion 2.4.11, Focus Not Obscured (Minimum): whatever stays on
// screen while the page scrolls (the sticky header, anything fixed) never hides the
// whole of the element that has the focus.
import type { Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { gotoHydrated, gotoReady } from './hydrated'

// A first visit: the cookie notice and the promotion stand above the header.
test.use({ storageState: { cookies: [], origins: [] } })

/**
 * Runs in the page: null when at least part of the focused element is the topmost thing
 * drawn where it lies; otherwise what hides it, or that it is off screen.
 */
function readHiddenFocus(): string | null {
  const element = document.activeElement
  if (!element || element === document.body) return null
  const describe = (node: Element) => {
    for (let ancestor: Element | null = node; ancestor; ancestor = ancestor.parentElement) {
      const { position } = getComputedStyle(ancestor)
      if (position === 'fixed' || position === 'sticky') return `a ${position} ${ancestor.tagName.toLowerCase()}`
    }
    return node.tagName.toLowerCase()
  }
  const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)
  const hiders = new Set<string>()
  let isOnScreen = false
  // One rectangle per line box, so a link that wraps is probed on its words, not between them.
  for (const rect of element.getClientRects()) {
    for (const [across, down] of [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
      const x = rect.left + rect.width * across
      const y = rect.top + rect.height * down
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue
      isOnScreen = true
      const topmost = document.elementFromPoint(x, y)
      if (topmost && element.contains(topmost)) return null
      if (topmost) hiders.add(describe(topmost))
    }
  }
  const name = `${element.tagName.toLowerCase()} "${label}"`
  return isOnScreen ? `${name} is hidden under ${[...hiders].join(', ')}` : `${name} is off screen`
}

/** Presses `key` `stops` times; after each press the focused element must show. */
async function walkFocus(page: Page, key: 'Tab' | 'Shift+Tab', stops: number) {
  for (let stop = 1; stop <= stops; stop++) {
    await page.keyboard.press(key)
    await expect.poll(() => page.evaluate(readHiddenFocus), { message: `${key} stop ${stop}` }).toBeNull()
  }
}

for (const viewport of [{ width: 375, height: 800 }, { width: 1280, height: 900 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    for (const path of ['/about', '/pricing']) {
      test(`${path}: over 40 Tab stops and back on a first visit, nothing that stays on screen hides the focused element @no-js`, async ({ page }) => {
        await gotoReady(page, path)
        // Forwards, an element comes up from the bottom of the screen; backwards, it comes
        // down from the top, where the sticky header is.
        await walkFocus(page, 'Tab', 40)
        await walkFocus(page, 'Shift+Tab', 40)
      })
    }
  })
}

test('on a phone, the open menu closes once the focus moves on past it, so it never covers the focused element', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await gotoHydrated(page, '/about')
  // Far down the page the header is stuck to the top, and the open menu with it.
  await page.mouse.wheel(0, 3000)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000)
  const toggle = page.getByRole('button', { name: 'Menu' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const menu = page.getByRole('navigation', { name: 'Mobile' })
  await walkFocus(page, 'Tab', 9)
  await expect(menu.getByRole('link', { name: 'Join Free Class' })).toBeFocused()

  await page.keyboard.press('Tab')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(menu).toBeHidden()
  expect(await page.getByRole('main').evaluate((main) => main.contains(document.activeElement))).toBe(true)
  await expect.poll(() => page.evaluate(readHiddenFocus)).toBeNull()
})
