
import { expect, test } from './fixtures'
import { holdPosts } from './hold-request'
import { gotoHydrated, gotoReady } from './hydrated'
import { expectInView } from './in-view'
import { countRows, uniqueEmail } from './server-data'

const SENT = "Thank you! Your message has been sent successfully. We'll get back to you soon."

async function fillContactForm(page: import('@playwright/test').Page, email: string) {
  await page.getByLabel('Name', { exact: true }).fill('Ivy Jones')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Subject').selectOption('Booking or lessons')
  await page.getByLabel('Message', { exact: true }).fill('Could we move Thursday’s lesson to Friday afternoon?')
}

test('the contact form stores the message and shows the success banner @no-js', async ({ page }) => {
  const email = uniqueEmail('contact')
  await gotoReady(page, '/contact')
  await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute('rows', '6')
  for (const field of ['Name', 'Email', 'Subject', 'Message']) {
    await expect(page.getByLabel(field, { exact: true })).toHaveAttribute('required', '')
  }
  await fillContactForm(page, email)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText(SENT)).toBeVisible()
  await expectInView(page, page.getByText(SENT))
  expect(await countRows('contact_messages', 'email = ?', email)).toBe(1)
})

test('with JavaScript the contact banner hides after 5 seconds and the form is cleared', async ({ page }) => {
  // The page's clock, moved on by the test: the 5 seconds pass without being waited out.
  await page.clock.install()
  await gotoHydrated(page, '/contact')
  await fillContactForm(page, uniqueEmail('contact-js'))
  await page.getByRole('button', { name: 'Send Message' }).click()
  const banner = page.getByText(SENT)
  await expect(banner).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
  await page.clock.runFor(3_000)
  await expect(banner).toBeVisible()
  await page.clock.runFor(2_500)
  await expect(banner).toBeHidden()
})

test('while the contact message is in flight the inputs and the button are disabled', async ({ page }) => {
  const release = await holdPosts(page, '/contact')
  await gotoHydrated(page, '/contact')
  await fillContactForm(page, uniqueEmail('contact-pending'))
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  await expect(page.getByLabel('Message', { exact: true })).toBeDisabled()
  release()
  await expect(page.getByText(SENT)).toBeVisible()
})

test('a link can choose the contact subject, such as a safeguarding concern @no-js', async ({ page }) => {
  await page.goto('/contact?subject=Safeguarding%20concern')
  await expect(page.getByLabel('Subject')).toHaveValue('Safeguarding concern')
})

test('the footer newsletter stores subscriptions from two different pages @no-js', async ({ page }) => {
  const addresses = [uniqueEmail('news-home'), uniqueEmail('news-faqs')]
  for (const [index, path] of ['/', '/students/faqs'].entries()) {
    await gotoReady(page, path)
    await page.getByRole('textbox', { name: 'Newsletter' }).fill(addresses[index]!)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('status').filter({ hasText: "You're subscribed" })).toBeVisible()
  }
  for (const address of addresses) expect(await countRows('newsletter_subscribers', 'email = ?', address)).toBe(1)
})

test('a tutor application is stored and confirmed @no-js', async ({ page }) => {
  const email = uniqueEmail('tutor')
  await gotoReady(page, '/tutors/apply')
  await page.getByRole('button', { name: 'Send Application' }).click()
  await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('Name is required')
  await expectInView(page, page.getByLabel('Full name'))
  await expect(page.getByRole('group', { name: 'Subjects you teach' })).toHaveAccessibleDescription('Choose at least one subject you teach')

  await page.getByLabel('Full name').fill('Jon Kerr')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('group', { name: 'Subjects you teach' }).getByLabel('Physics').check()
  await page.getByRole('group', { name: 'Levels you teach' }).getByLabel('A-Level').check()
  await page.getByLabel('Years of teaching or tutoring experience').fill('4')
  await page.getByLabel('I have a laptop or desktop, a webcam and a microphone').check()
  await page.getByLabel('How you like to teach').fill('I break mechanics problems into small steps and check understanding with quick questions.')
  await page.getByRole('button', { name: 'Send Application' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText('Thank you, Jon Kerr.')
  await expectInView(page, page.getByRole('main').getByRole('status'))
  expect(await countRows('tutor_applications', 'email = ? AND experience_years = 4', email)).toBe(1)
})

test('on a phone, an answer naming a long e-mail address wraps it rather than widen the page @no-js', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  // An ordinary long address, made unique without a hyphen: nothing in it to break the line at.
  const email = uniqueEmail('x').replace(/^x-(\d+)-(\w+)@/, 'christopher.fitzwilliam1984.$1$2@')
  await gotoReady(page, '/tutors/grace-adeyemi')
  await page.getByRole('group', { name: 'Choose a time' }).getByRole('radio').first().check()
  await page.getByLabel('Your name').fill('Christopher Fitzwilliam')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Request a lesson' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText(email)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375)
})
