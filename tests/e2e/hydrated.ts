import { test, type Page } from '@playwright/test'

/**
 * Opens a page and waits until Remix has hydrated it, so clicks and keys reach React's handlers.
 * Nothing more: a test that needs something else (a late script, a fetch) waits for that itself.
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** Opens a page ready for typing: hydrated in the JavaScript project, simply loaded without it. */
export async function gotoReady(page: Page, url: string) {
  if (test.info().project.use.javaScriptEnabled === false) await page.goto(url)
  else await gotoHydrated(page, url)
}

export function hasJavaScript() {
  return test.info().project.use.javaScriptEnabled !== false
}
