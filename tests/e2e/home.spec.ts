import { expect, test } from './fixtures'

test('the home page is titled and states the claims of spec §1 @no-js', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Tutors and Free Classes in London | Brightwell Tutoring')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /first tutoring session is free/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const main = page.getByRole('main')
  for (const claim of ['Trusted by 10,000+ students', '500+', '50,000+', '4.9/5']) {
    await expect(main).toContainText(claim)
  }
})

test('the home page links go where spec §2 says @no-js', async ({ page }) => {
  await page.goto('/')
  const main = page.getByRole('main')
  const expected: Array<[string, string]> = [
    ['Join a Free Class', '/tutors'],
    ['View All Subjects', '/subjects'],
    ['Browse All Tutors', '/tutors'],
    ['Science', '/science'],
    ['Mathematics', '/math'],
    ['English and Literacy', '/english'],
  ]
  for (const [name, href] of expected) {
    await expect(main.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', href)
  }
  await expect(main.getByRole('link', { name: 'View Pricing' }).first()).toHaveAttribute('href', '/pricing')
  const closing = page.getByRole('region', { name: 'Ready to find your tutor?' })
  await expect(closing.getByRole('link', { name: 'Find Your Tutor' })).toHaveAttribute('href', '/tutors')
  await expect(closing.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing')
  await expect(closing.getByRole('link', { name: 'Our Pillars' })).toHaveAttribute('href', '/pillars')
  for (const point of ['Free trial session', 'Flexible scheduling', 'Safe and secure']) {
    await expect(closing).toContainText(point)
  }
})

test('without a configured scheduling service the hero offers a plain consultation link', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Book a free consultation' })).toHaveAttribute('href', '/contact')
  await expect(page.locator('script[src^="http"]')).toHaveCount(0)
})

test('featured tutors open their profiles from View Profile and Book Session', async ({ page }) => {
  await page.goto('/')
  const featured = page.getByRole('region', { name: 'Meet some of our tutors' })
  const cards = featured.getByRole('article')
  await expect(cards).toHaveCount(6)
  await featured.getByRole('link', { name: 'View Profile of Dr Amelia Hart' }).click()
  await expect(page).toHaveURL(/\/tutors\/amelia-hart$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Dr Amelia Hart')
  await page.goBack()
  await page.getByRole('link', { name: 'Book Session with Dr Amelia Hart' }).click()
  await expect(page).toHaveURL(/\/tutors\/amelia-hart#book$/)
  await expect(page.getByRole('heading', { name: 'Request a lesson' })).toBeVisible()
})
