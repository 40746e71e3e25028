import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Checks that `locator` is on screen (`wholly`: all of it), by its layout box against the viewport.
 * Not toBeInViewport: its IntersectionObserver answers only when the browser draws a frame, and a
 * run once waited out the test's 30 s for one that never came.
 */
export async function expectInView(page: Page, locator: Locator, { wholly = false } = {}) {
  const { width, height } = page.viewportSize()!
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox()
        if (!box) return 'not shown'
        const inside = wholly ? box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height : box.x + box.width > 0 && box.y + box.height > 0 && box.x < width && box.y < height
        return inside ? 'in view' : `at ${JSON.stringify(box)} in a ${width} × ${height} viewport`
      },
      { message: `${locator} ${wholly ? 'wholly ' : ''}in view` },
    )
    .toBe('in view')
}
