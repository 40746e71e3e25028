
import { expect, test } from './fixtures'
import { gotoHydrated, hasJavaScript } from './hydrated'
import { expectInView } from './in-view'

test.describe('promo banner', () => {
  test('dismissing it is remembered across a reload, with no flash @no-js', async ({ page }) => {
    await page.goto('/about')
    const banner = page.getByRole('region', { name: 'Promotion' })
    await expect(banner).toContainText('Get your first tutoring session free!')
    await expect(banner.getByRole('link', { name: 'Claim your free session' })).toHaveAttribute('href', '/pricing')
    // With JavaScript the banner goes at once and its post finishes in the background: the reload waits for it.
    const dismissal = hasJavaScript() ? page.waitForResponse((response) => new URL(response.url()).pathname === '/promo-banner') : null
    await banner.getByRole('button', { name: 'Dismiss promotion' }).click()
    await dismissal
    await expect(banner).toHaveCount(0)
    await expect(page).toHaveURL(/\/about$/)
    const dismissalsAfter: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/promo-banner') dismissalsAfter.push(request.method())
    })
    const reload = await page.reload()
    expect(await reload?.text()).not.toContain('Get your first tutoring session free!')
    await expect(page.getByRole('region', { name: 'Promotion' })).toHaveCount(0)
    // The server knows from its cookie: the page does not post the dismissal again.
    if (hasJavaScript()) await page.waitForLoadState('networkidle')
    expect(dismissalsAfter).toEqual([])
  })

  // spec §4: the flag is also kept in local storage, so a browser whose cookie has gone (cleared, or expired)
  // still remembers the close: the page hides the banner and tells the server again.
  test('a browser that kept the flag but lost the cookie hides the banner and sets the cookie again', async ({ page, context }) => {
    await context.addInitScript(() => window.localStorage.setItem('brightwell:promo-dismissed', '1'))
    const dismissal = page.waitForResponse((response) => new URL(response.url()).pathname === '/promo-banner' && response.request().method() === 'POST')
    await gotoHydrated(page, '/about')
    await expect(page.getByRole('region', { name: 'Promotion' })).toHaveCount(0)
    expect((await dismissal).ok()).toBe(true)
    const reload = await page.reload()
    expect(await reload?.text()).not.toContain('Get your first tutoring session free!')
  })

  test('pressed again while it slides away, it posts the dismissal once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await gotoHydrated(page, '/about')
    const posts: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/promo-banner') posts.push(request.method())
    })
    // Two presses, the second once the page has drawn the first (as a person's would be), within the 300 ms.
    await page.evaluate(async () => {
      const button = document.querySelector<HTMLButtonElement>('[role="region"][aria-label="Promotion"] button')!
      button.click()
      await new Promise(requestAnimationFrame)
      button.click()
    })
    await expect(page.getByRole('region', { name: 'Promotion' })).toHaveCount(0)
    expect(posts).toEqual(['POST'])
  })

  // spec §4: "on close it plays a closing state … and is removed after 300 ms". Closing changes nothing the
  // page shows from its data, so the page reloads none of it: here the server fails every such reload,
  // as one restarting would, and the page being read must stay in place rather than give way to the error page.
  test('closed, it slides away for 300 ms and is removed, and the page reloads none of its data', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await gotoHydrated(page, '/about')
    const heading = await page.getByRole('heading', { level: 1 }).textContent()
    const dataReloads: string[] = []
    await page.route(
      (url) => url.searchParams.has('_data'),
      (route) => {
        if (route.request().method() !== 'GET') return route.continue()
        dataReloads.push(new URL(route.request().url()).searchParams.get('_data')!)
        return route.fulfill({ status: 503, body: 'Service Unavailable' })
      },
    )
    // What the page asked for after the click, for a failure to say what came before the removal.
    const requests: string[] = []
    page.on('response', (response) => requests.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`))
    const dismissal = page.waitForResponse((response) => new URL(response.url()).pathname === '/promo-banner')
    const removal = page.evaluate(
      () =>
        new Promise<{ afterMs: number; heading: string | null | undefined }>((resolve) => {
          const banner = document.querySelector('[role="region"][aria-label="Promotion"]')!
          const start = performance.now()
          // The whole document, not the body: the error page replaces the body.
          new MutationObserver(() => {
            if (!banner.isConnected) resolve({ afterMs: performance.now() - start, heading: document.querySelector('h1')?.textContent })
          }).observe(document, { childList: true, subtree: true })
          banner.querySelector('button')!.click()
        }),
    )
    expect((await dismissal).ok()).toBe(true)
    const removed = await removal
    expect(removed.heading).toBe(heading)
    expect(removed.afterMs, `removed after ${requests.join(', ')}`).toBeGreaterThanOrEqual(290)
    expect(dataReloads).toEqual([])
    await expect(page.getByRole('region', { name: 'Promotion' })).toHaveCount(0)
  })
})

test('the top bar hides past 100 px of scrolling and the header compresses', async ({ page }) => {
  await gotoHydrated(page, '/')
  const topBarLink = page.getByRole('link', { name: 'Claim your free session →' })
  await expect(topBarLink).toBeVisible()
  await expect(topBarLink).toHaveAttribute('href', '/pricing')
  await page.evaluate(() => window.scrollTo(0, 90))
  await expect(topBarLink).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 160))
  await expect(topBarLink).toBeHidden()
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(topBarLink).toBeVisible()
})

// The bar and the compression must not change the page's layout: when they did, the browser's
// scroll anchoring pulled the page back across the threshold and the header flickered for good.
for (const viewport of [{ width: 375, height: 800 }, { width: 1280, height: 900 }]) {
  test(`at ${viewport.width} px, resting just past either threshold neither moves the page nor flickers the header`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await gotoHydrated(page, '/')
    for (const y of [55, 101, 115, 130]) {
      // Every frame for 900 ms from the scroll: the page must never move, and once the header's
      // 300 ms of motion is over, the bar and the header must stay as they are.
      const frames = await page.evaluate(
        (top) =>
          new Promise<{ time: number; scrollY: number; isBarShown: boolean; headerTop: number }[]>((resolve) => {
            const link = [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Claim your free session →')
            const header = document.querySelector('header')
            const seen: { time: number; scrollY: number; isBarShown: boolean; headerTop: number }[] = []
            window.scrollTo(0, top)
            const start = performance.now()
            const sample = () => {
              seen.push({
                time: performance.now() - start,
                scrollY: Math.round(window.scrollY),
                isBarShown: (link?.getBoundingClientRect().bottom ?? 0) > 0,
                headerTop: Math.round(header?.getBoundingClientRect().top ?? NaN),
              })
              if (performance.now() - start < 900) requestAnimationFrame(sample)
              else resolve(seen)
            }
            requestAnimationFrame(sample)
          }),
        y,
      )
      const settled = frames.filter((frame) => frame.time > 450)
      expect(new Set(frames.map((frame) => frame.scrollY)), `scrollY after scrolling to ${y}`).toEqual(new Set([y]))
      expect(new Set(settled.map((frame) => frame.isBarShown)), `top bar shown after scrolling to ${y}`).toEqual(new Set([y <= 100]))
      expect(new Set(settled.map((frame) => frame.headerTop)).size, `header position after scrolling to ${y}`).toBe(1)
    }
  })
}

test('the current section is marked with aria-current in the header @no-js', async ({ page }) => {
  await page.goto('/pricing')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current', 'page')
  for (const name of ['Subjects', 'Services', 'Pricing', 'How It Works', 'Tutors', 'About']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  await expect(page.getByRole('link', { name: 'Join Free Class' })).toHaveAttribute('href', '/classes')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } })

  test('the menu opens and closes by click, and closes when a link is chosen', async ({ page }) => {
    await gotoHydrated(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await menu.getByRole('link', { name: 'How It Works' }).click()
    await expect(page).toHaveURL(/\/how-it-works$/)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeHidden()
  })

  test('the menu works from the keyboard and Escape closes it', async ({ page }) => {
    await gotoHydrated(page, '/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('searchbox')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
    await page.keyboard.press('Space')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  })

  test('without JavaScript a Menu link opens the menu, which scrolls away with the page @no-js-only', async ({ page }) => {
    await page.goto('/')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
    await expect(menu).toBeHidden()
    await page.getByRole('link', { name: 'Menu', exact: true }).click()
    await expect(menu.getByRole('link', { name: 'Subjects' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Join Free Class' })).toBeVisible()
    await page.mouse.wheel(0, 1500)
    await expect.poll(() => menu.evaluate((element) => element.getBoundingClientRect().bottom)).toBeLessThan(0)
  })
})

test('header search trims the text, lands on the search results and clears the box', async ({ page }) => {
  await gotoHydrated(page, '/about')
  const box = page.getByRole('searchbox', { name: 'Search tutors' })
  await box.fill('  physics  ')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/tutors\/find\?q=physics$/)
  await expect(page.getByRole('searchbox', { name: 'Search tutors' })).toHaveValue('')
})

test('header search with only spaces does nothing @no-js', async ({ page }) => {
  await page.goto('/about')
  const box = page.getByRole('searchbox', { name: 'Search tutors' })
  await box.fill('   ')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/about$/)
})

test('header search works without JavaScript @no-js-only', async ({ page }) => {
  await page.goto('/about')
  const box = page.getByRole('searchbox', { name: 'Search tutors' })
  await box.fill('maths')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/tutors\/find\?q=maths$/)
})

test('the footer has its link groups, contact details and the current year @no-js', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  for (const group of ['Learning', 'Platform', 'Support', 'For Tutors']) {
    await expect(footer.getByRole('heading', { name: group })).toBeVisible()
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Brightwell Tutoring`)
  await expect(footer).toContainText('London, UK')
  await expect(footer.getByRole('link', { name: /@brightwelltutoring\.co\.uk/ })).toHaveAttribute('href', /^mailto:/)
  // A site for children shows its safeguarding policy on every page.
  await expect(footer.getByRole('link', { name: 'Safeguarding' })).toHaveAttribute('href', '/safeguarding')
})

test('the footer newsletter subscribes without leaving the page', async ({ page }) => {
  await gotoHydrated(page, '/pricing')
  const email = page.getByRole('textbox', { name: 'Newsletter' })
  await email.fill(`reader-${Date.now()}@example.com`)
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/newsletter' && response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Subscribe' }).click()
  // The enhanced form gets its answer as data, not a redirect that reloads every loader.
  expect(await (await answer).json()).toMatchObject({ ok: true })
  await expect(page.getByRole('status').filter({ hasText: "we've e-mailed it a link" })).toBeVisible()
  await expect(email).toHaveValue('')
  await expect(page).toHaveURL(/\/pricing$/)
})

test('the footer newsletter works without JavaScript, with the same answer the second time @no-js-only', async ({ page }) => {
  const address = `nojs-${Date.now()}@example.com`
  for (let time = 0; time < 2; time++) {
    await page.goto('/about')
    await page.getByRole('textbox', { name: 'Newsletter' }).fill(address)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    // Back on the page, at the box, where the answer is.
    await expect(page).toHaveURL(/\/about#newsletter$/)
    await expectInView(page, page.getByRole('status').filter({ hasText: "Unless that address is already subscribed, we've e-mailed it a link" }))
  }
})
