import type { Page, Request } from '@playwright/test'

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
