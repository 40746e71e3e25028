import type { APIRequestContext, Page } from '@playwright/test'

import { expect, test } from './fixtures'
import { gotoReady, hasJavaScript } from './hydrated'
import { countRows, lastMailTo, mailsTo, uniqueEmail } from './server-data'

const SPENT = 'This unsubscribe link has already been used or is not valid'
const CONFIRM_INVALID = 'This confirmation link is not valid'
const CHECK_INBOX = "Thank you. Unless that address is already subscribed, we've e-mailed it a link: you're subscribed once you follow it."

/** The links of the confirmation e-mail, once it has reached the outbox: their paths, for the server under test. */
async function linksFor(email: string) {
  await expect.poll(() => lastMailTo(email)).toBeTruthy()
  const mail = lastMailTo(email)!
  const pathOf = (name: string) => {
    const link = mail.text.match(new RegExp(`https?://\\S+/newsletter/${name}\\?token=[0-9a-f]{64}`))?.[0]
    expect(link, name).toBeTruthy()
    const url = new URL(link!)
    return url.pathname + url.search
  }
  return { confirm: pathOf('confirm'), unsubscribe: pathOf('unsubscribe') }
}

async function subscribeFromFooter(page: Page, email: string) {
  await gotoReady(page, '/about')
  await page.getByRole('textbox', { name: 'Newsletter' }).fill(email)
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByRole('status').filter({ hasText: CHECK_INBOX })).toBeVisible()
}

async function subscribeByPost(request: APIRequestContext, email: string) {
  expect((await request.post('/newsletter', { form: { email } })).ok()).toBe(true)
  return linksFor(email)
}

test('the footer says what subscribers get and how to leave, tied to the e-mail box @no-js', async ({ page }) => {
  await gotoReady(page, '/about')
  const box = page.getByRole('textbox', { name: 'Newsletter' })
  await expect(box).toHaveAccessibleDescription(/about once a month\. Unsubscribe at any time with the link in every e-mail\./)
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'How we use your address' })).toHaveAttribute('href', '/privacy')
})

// Without JavaScript the box's answer comes back on the page it was posted from, which cannot keep
// what was typed: what our rule refuses and the browser's own check does not (the usual slip, an address
// without its ending; a mailbox name over 64 characters) is refused before it is sent.
test('an address our rule refuses is refused in the box itself, which keeps what was typed @no-js', async ({ page }) => {
  await gotoReady(page, '/about')
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  const box = page.getByRole('textbox', { name: 'Newsletter' })
  // Said by the browser, with the box's title.
  await expect(box).toHaveAttribute('title', 'An e-mail address such as name@example.com')
  for (const address of ['ann@example', `${'a'.repeat(65)}@example.com`]) {
    await box.fill(address)
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect(box).toBeFocused()
    await expect(box).toHaveValue(address)
    expect(await box.evaluate((input: HTMLInputElement) => input.validity.patternMismatch), address).toBe(true)
  }
  expect(posts).toEqual([])
  expect(new URL(page.url()).pathname).toBe('/about')
})

test('a typed address is on the list only once its owner confirms it with the e-mailed link, which the unsubscribe link then undoes @no-js', async ({ page }) => {
  const email = uniqueEmail('confirm')
  await subscribeFromFooter(page, email)
  expect(await countRows('newsletter_subscribers', 'email = ? AND confirmed_at IS NULL', email)).toBe(1)

  const { confirm, unsubscribe } = await linksFor(email)
  await gotoReady(page, confirm)
  await expect(page).toHaveTitle('Confirm Your Newsletter Subscription | Brightwell Tutoring')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm Your Newsletter Subscription')
  await expect(page.getByRole('main')).toContainText(`Send our newsletter to ${email}?`)
  // Opening the link, as mail scanners do, confirms nothing.
  expect(await countRows('newsletter_subscribers', 'email = ? AND confirmed_at IS NULL', email)).toBe(1)

  if (hasJavaScript()) await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.getByRole('button', { name: 'Confirm subscription' }).click()
  await expect(page.getByRole('status').filter({ hasText: "You're subscribed" })).toContainText(`You're subscribed. We will send our newsletter to ${email}, about once a month.`)
  if (hasJavaScript()) expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  expect(await countRows('newsletter_subscribers', 'email = ? AND confirmed_at IS NOT NULL', email)).toBe(1)
  // The link opened again says so, with nothing to press.
  await gotoReady(page, confirm)
  await expect(page.getByRole('status').filter({ hasText: "You're subscribed" })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0)

  await gotoReady(page, unsubscribe)
  await expect(page).toHaveTitle('Unsubscribe from the Newsletter | Brightwell Tutoring')
  await expect(page.getByRole('main')).toContainText(`Stop sending our newsletter to ${email}?`)
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'You have been unsubscribed' })).toContainText(
    `You have been unsubscribed. We will send no more newsletters to ${email}.`,
  )
  expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(0)

  await gotoReady(page, unsubscribe)
  await expect(page.getByRole('alert').filter({ hasText: SPENT })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
  await gotoReady(page, confirm)
  await expect(page.getByRole('alert').filter({ hasText: CONFIRM_INVALID })).toBeVisible()
})

test('asking again gives the same answer: the same link while the address waits, and no e-mail once it is confirmed', async ({ request }) => {
  const email = uniqueEmail('again')
  const { confirm } = await subscribeByPost(request, email)
  const answer = await request.post('/newsletter', { form: { email, enhanced: '1' } })
  expect(await answer.json()).toEqual({ ok: true, message: CHECK_INBOX })
  await expect.poll(() => mailsTo(email).length).toBe(2)
  expect((await linksFor(email)).confirm).toBe(confirm)

  expect((await request.post(confirm, { form: {} })).status()).toBe(200)
  const confirmed = await request.post('/newsletter', { form: { email, enhanced: '1' } })
  expect(await confirmed.json()).toEqual({ ok: true, message: CHECK_INBOX })
  // A third e-mail would have reached the outbox by the time a fresh address's, asked for after it, does.
  await subscribeByPost(request, uniqueEmail('later'))
  expect(mailsTo(email)).toHaveLength(2)
})

test("a mail app's one-click unsubscribe (RFC 8058) removes the address", async ({ request }) => {
  const email = uniqueEmail('one-click')
  const { unsubscribe: link } = await subscribeByPost(request, email)
  const response = await request.post(link, { form: { 'List-Unsubscribe': 'One-Click' } })
  expect(response.status()).toBe(200)
  expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(0)
  expect((await request.post(link, { form: { 'List-Unsubscribe': 'One-Click' } })).status()).toBe(400)
})

test('a missing or unknown token shows the message with status 200, is never stored by a shared cache, and confirms or removes nothing', async ({ request }) => {
  for (const [route, message] of [['unsubscribe', SPENT], ['confirm', CONFIRM_INVALID]]) {
    for (const url of [`/newsletter/${route}`, `/newsletter/${route}?token=`, `/newsletter/${route}?token=${'0'.repeat(64)}`]) {
      const response = await request.get(url)
      expect(response.status(), url).toBe(200)
      expect(response.headers()['cache-control'], url).toBe('private, no-store')
      expect(await response.text(), url).toContain(message)
    }
  }
  const email = uniqueEmail('kept')
  await subscribeByPost(request, email)
  expect((await request.post('/newsletter/unsubscribe?token=nope', { form: {} })).status()).toBe(400)
  expect((await request.post('/newsletter/confirm?token=nope', { form: {} })).status()).toBe(400)
  expect(await countRows('newsletter_subscribers', 'email = ? AND confirmed_at IS NULL', email)).toBe(1)
})

test('a newsletter post with the hidden honeypot filled is answered like a subscription, but stores and sends nothing', async ({ request }) => {
  const email = uniqueEmail('honeypot')
  const response = await request.post('/newsletter', { form: { email, website: 'https://spam.example', enhanced: '1' } })
  expect(response.status()).toBe(200)
  expect(((await response.json()) as { message: string }).message).toBe(CHECK_INBOX)
  expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(0)
  const valid = await request.post('/newsletter', { form: { email, enhanced: '1' } })
  expect(valid.status()).toBe(200)
  expect(await countRows('newsletter_subscribers', 'email = ?', email)).toBe(1)
})
