import { expect, type Page, type Request } from '@playwright/test'

/**
 * Holds every request that `matches` until the returned function is called, so a
 * test can look at the page's pending state while the real request waits.
 */
export async function holdRequests(page: Page, matches: (request: Request) => boolean) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/*', async (route) => {
    if (matches(route.request())) await held
    await route.fallback()
  })
  return release
}

/** Holds the POSTs to one path: a form submission in flight. */
export function holdPosts(page: Page, pathname: string) {
  return holdRequests(page, (request) => request.method() === 'POST' && new URL(request.url()).pathname === pathname)
}

/**
 * For a post whose answer is a second step (a question and the button that confirms it): with JavaScript
 * the step shows as soon as the post is answered, while the page's data is still reloading. Presses
 * `press` with those reloads held, waits for `shown`, lets them land at `url`, and checks the page did
 * not move: a step that jumps when they land puts its button somewhere else than where a click was meant.
 */
export async function expectStepStaysPut(page: Page, { press, shown, url }: { press: () => Promise<void>; shown: () => Promise<void>; url: RegExp }) {
  const release = await holdRequests(page, (request) => request.method() === 'GET' && new URL(request.url()).searchParams.has('_data'))
  await press()
  await shown()
  const shownAt = await page.evaluate(() => window.scrollY)
  release()
  await expect(page).toHaveURL(url)
  // The reloaded data is rendered, and its effects have run, by the second frame after the URL changes.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect(await page.evaluate(() => window.scrollY)).toBe(shownAt)
}
