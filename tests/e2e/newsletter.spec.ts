import type { APIRequestContext, Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { gotoReady, hasJavaScript } from './hydrated'
import { countRows, lastMailTo, uniqueEmail } from './server-data'

const SPENT = 'This unsubscribe link has already been used or is not valid'

/** The unsubscribe link of the welcome e-mail, once it has reached the outbox: its path, for the server under test. */
async function unsubscribeLinkFor(email: string) {
  await expect.poll(() => lastMailTo(email)).toBeTruthy()
  const mail = lastMailTo(email)!
  const link = mail.text.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=[0-9a-f]{64}/)?.[0]
  expect(link).toBeTruthy()
  expect(mail.header('List-Unsubscribe')).toBe(`<${link}>`)
  const url = new URL(link!)
  return url.pathname + url.search
}

async function subscribeFromFooter(page: Page, email: string) {
  await gotoReady(page, '/about')
  await page.getByRole('textbox', { name: 'Newsletter' }).fill(email)
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByRole('status').filter({ hasText: "You're subscribed" })).toBeVisible()
}

async function subscribeByPost(request: APIRequestContext, email: string) {
  expect((await request.post('/newsletter', { form: { email } })).ok()).toBe(true)
  return unsubscribeLinkFor(email)
}

test('the footer says what subscribers get and how to leave, tied to the e-mail box @no-js', async ({ page }) => {
  await gotoReady(page, '/about')
  const box = page.getByRole('textbox', { name: 'Newsletter' })
  await expect(box).toHaveAccessibleDescription(/about once a month\. Unsubscribe at any time with the link in every e-mail\./)
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'How we use your address' })).toHaveAttribute('href', '/privacy')
})

test('a subscriber unsubscribes with the link in the welcome e-mail, which then no longer works @no-js', async ({ page }) => {
  const email = uniqueEmail('unsubscribe')
  await subscribeFromFooter(page, email)
  expect(await countRows('newsletter_subscribers', 'email = ? AND consented_at IS NOT NULL', email)).toBe(1)

  const link = await unsubscribeLinkFor(email)
  await gotoReady(page, link)
  await expect(page).toHaveTitle('Unsubscribe from the Newsletter | Brightwell Tutoring')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from the Newsletter')
  await expect(page.getByRole('main')).toContainText(`Stop sending our newsletter to ${email}?`)
  // Opening the link, as mail scanners do, removes nothing.
  expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(1)

  if (hasJavaScript()) await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'You have been unsubscribed' })).toContainText(
    `You have been unsubscribed. We will send no more newsletters to ${email}.`,
  )
  if (hasJavaScript()) expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(0)

  await gotoReady(page, link)
  await expect(page.getByRole('alert').filter({ hasText: SPENT })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
})

test('subscribing again sends no second welcome e-mail and keeps the first link working', async ({ request }) => {
  const email = uniqueEmail('again')
  const link = await subscribeByPost(request, email)
  const first = lastMailTo(email)
  await request.post('/newsletter', { form: { email } })
  expect(lastMailTo(email)?.raw).toBe(first?.raw)
  expect(await (await request.get(link)).text()).toContain(email)
})

test("a mail app's one-click unsubscribe (RFC 8058) removes the address", async ({ request }) => {
  const email = uniqueEmail('one-click')
  const link = await subscribeByPost(request, email)
  const response = await request.post(link, { form: { 'List-Unsubscribe': 'One-Click' } })
  expect(response.status()).toBe(200)
  expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(0)
  expect((await request.post(link, { form: { 'List-Unsubscribe': 'One-Click' } })).status()).toBe(400)
})

test('a missing or unknown token shows the message with status 200, is never stored by a shared cache, and removes nothing', async ({ request }) => {
  for (const url of ['/newsletter/unsubscribe', '/newsletter/unsubscribe?token=', `/newsletter/unsubscribe?token=${'0'.repeat(64)}`]) {
    const response = await request.get(url)
    expect(response.status(), url).toBe(200)
    expect(response.headers()['cache-control'], url).toBe('private, no-store')
    expect(await response.text(), url).toContain(SPENT)
  }
  const email = uniqueEmail('kept')
  await subscribeByPost(request, email)
  expect((await request.post('/newsletter/unsubscribe?token=nope', { form: {} })).status()).toBe(400)
  expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(1)
})

test('a newsletter post with the hidden honeypot filled is answered like a subscription, but stores and sends nothing', async ({ request }) => {
  const email = uniqueEmail('honeypot')
  const response = await request.post('/newsletter', { form: { email, website: 'https://spam.example', enhanced: '1' } })
  expect(response.status()).toBe(200)
  expect(((await response.json()) as { message: string }).message).toBe("You're subscribed. Look out for our next newsletter.")
  expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(0)
  const valid = await request.post('/newsletter', { form: { email, enhanced: '1' } })
  expect(valid.status()).toBe(200)
  expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(1)
})
