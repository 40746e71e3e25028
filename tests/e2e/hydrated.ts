import type { Page } from '@playwright/test'

/** Opens a page and waits until Remix has hydrated it, so clicks and keys reach React's handlers. */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url)
  await page.waitForFunction(() => '__remixRouter' in window)
  await page.waitForLoadState('networkidle')
}
