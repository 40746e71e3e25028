import type { Page } from '@playwright/test'

/**
 * Holds every POST to `pathname` until the returned function is called, so a test
 * can look at the page's pending state while the real request waits.
 */
export async function holdPosts(page: Page, pathname: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    },
  )
  return release
}
