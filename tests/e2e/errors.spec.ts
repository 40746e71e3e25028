
import { expect, test } from './fixtures'
import { gotoHydrated } from './hydrated'

const brokenServer = `http://127.0.0.1:${process.env.E2E_BROKEN_PORT}`

test('an unknown path answers 404 with the Page Not Found page inside the chrome @no-js', async ({ page }) => {
  const response = await page.goto('/no-such-page/anywhere')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Page Not Found | Brightwell Tutoring')
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText("Oops! The page you're looking for doesn't exist or has been moved.")
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
  const popular = page.getByRole('navigation', { name: 'Popular pages' })
  for (const href of ['/about', '/subjects', '/tutors', '/pricing']) {
    await expect(popular.locator(`a[href="${href}"]`)).toHaveCount(1)
  }
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
})

test('an unknown tutor profile is a 404 too @no-js', async ({ page }) => {
  const response = await page.goto('/tutors/nobody-here')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
})

test('/500 shows the Server Error page with tips and its three actions @no-js', async ({ page }) => {
  await page.goto('/500')
  await expect(page.getByRole('heading', { level: 1, name: 'Server Error' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(
    "We're experiencing technical difficulties. Our team has been notified and is working to fix the issue.",
  )
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3)
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact')
  await page.getByRole('link', { name: 'Try Again' }).click()
  await expect(page).toHaveURL(/\/500$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Server Error' })).toBeVisible()
})

test('a page that fails shows Something Went Wrong, without a stack trace @no-js', async ({ page }) => {
  const response = await page.goto(`${brokenServer}/pillars`)
  expect(response?.status()).toBe(500)
  await expect(page.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(
    "We're sorry, but something unexpected happened. Please try refreshing the page or contact support if the problem persists.",
  )
  for (const name of ['Refresh Page', 'Go Home', 'Contact Support']) {
    await expect(page.getByRole('main').getByRole('link', { name })).toBeVisible()
  }
  const html = (await response?.text()) ?? ''
  expect(html).not.toMatch(/ContentError|frontmatter\.title|at \w+ \(/)
})

test('a failure during client navigation also shows Something Went Wrong', async ({ page }) => {
  await gotoHydrated(page, `${brokenServer}/about`)
  await page.getByRole('main').getByRole('link', { name: 'our pillars', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toBeVisible()
})
