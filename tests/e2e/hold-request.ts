import { expect, type Locator, type Page, type Request, type Route } from '@playwright/test'

import { expectInView } from './in-view'

/**
 * Holds every request that `matches` until the returned function is called, so a
 * test can look at the page's pending state while the real request waits. Once released,
 * requests are no longer looked at.
 */
export async function holdRequests(page: Page, matches: (request: Request) => boolean) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let released = false
  const handler = async (route: Route) => {
    if (!released && matches(route.request())) await held
    await route.fallback()
  }
  await page.route('**/*', handler)
  return () => {
    released = true
    release()
    // Not awaited: a caller releases from wherever it is; requests still held are let go above.
    page.unroute('**/*', handler).catch(() => {})
  }
}

/** Until Remix's router has no navigation in flight: an action's answer shows before its page data reloads. */
function routerIdle(page: Page) {
  // Polled on a timer, not on frames (in-view.ts says why).
  return page.waitForFunction(() => (window as { __remixRouter?: { state: { navigation: { state: string } } } }).__remixRouter?.state.navigation.state === 'idle', undefined, { polling: 50 })
}

/** Holds the POSTs to one path: a form submission in flight. */
export function holdPosts(page: Page, pathname: string) {
  return holdRequests(page, (request) => request.method() === 'POST' && new URL(request.url()).pathname === pathname)
}

/**
 * For a post whose answer is a second step (a question and the button that confirms it): with JavaScript
 * the step shows as soon as the post is answered, while the page's data is still reloading. Presses
 * `press` with those reloads held, waits for `button` to show, lets the reloads land, and checks the
 * button is fully in view and has not moved: one that moves when they land is not where a click was meant.
 */
export async function expectStepStaysPut(page: Page, { press, button }: { press: () => Promise<void>; button: Locator }) {
  const isReload = (request: Request) => request.method() === 'GET' && new URL(request.url()).searchParams.has('_data')
  // The step before (a first cancellation) may still be reloading the page's data: those reloads are not
  // this press's to hold, and the press would abort them.
  await routerIdle(page)
  let held = 0
  const release = await holdRequests(page, (request) => isReload(request) && ++held > 0)
  await press()
  await expectInView(page, button, { wholly: true })
  await expect.poll(() => held, { message: 'the page reloads its data after the answer' }).toBeGreaterThan(0)
  const shownAt = await button.boundingBox()
  release()
  // The reloads have landed (or were replaced by newer ones, which have): React renders that state, and
  // runs its effects, in tasks queued then, ahead of the read of the button.
  await routerIdle(page)
  // To the pixel: the layout may settle by a fraction of one.
  const landedAt = await button.boundingBox()
  expect(Math.abs(landedAt!.y - shownAt!.y), `moved from ${JSON.stringify(shownAt)} to ${JSON.stringify(landedAt)}`).toBeLessThan(1)
  expect(Math.abs(landedAt!.x - shownAt!.x)).toBeLessThan(1)
}
