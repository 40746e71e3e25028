import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import { describe, expect, test } from 'vitest'

import { parseMailMessage } from '../tools/mail-message'
import { ENGINES, withFreshDatabase } from './fresh-database'

describe.each(ENGINES)('on %s', (engine) => {
  const data = withFreshDatabase(`newsletter-${engine}`, { SITE_URL: 'https://www.example.test/' }, engine)

  async function subscriberRow(email: string) {
    const { getDb } = await import('~/db/database.server')
    return (await getDb()).selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst()
  }

  test('a subscription records the time of consent and a random unsubscribe token', async () => {
    const { subscribeToNewsletter } = await import('~/db/newsletter.server')
    const token = await subscribeToNewsletter('Ann@Example.com', new Date('2025-03-30T00:30:00Z'))
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    expect(await subscriberRow('ann@example.com')).toMatchObject({ consented_at: '2025-03-30T00:30:00.000Z', unsubscribe_token: token })
  })

  test('subscribing again with the same address, in any case, changes nothing and gives no token', async () => {
    const { subscribeToNewsletter } = await import('~/db/newsletter.server')
    const token = await subscribeToNewsletter('ann@example.com', new Date('2025-01-01T00:00:00Z'))
    expect(await subscribeToNewsletter('ANN@example.com', new Date('2025-06-01T00:00:00Z'))).toBeNull()
    expect(await subscriberRow('ann@example.com')).toMatchObject({ consented_at: '2025-01-01T00:00:00.000Z', unsubscribe_token: token })
  })

  test('the table refuses an address that differs only in case, and a repeated token', async () => {
    const { subscribeToNewsletter } = await import('~/db/newsletter.server')
    const { getDb } = await import('~/db/database.server')
    const tokens = await Promise.all(['a', 'b', 'c'].map((name) => subscribeToNewsletter(`${name}@example.com`)))
    expect(new Set(tokens).size).toBe(3)
    const row = (email: string, token: string) => ({ email, subscribed_at: '2025-01-01T00:00:00.000Z', consented_at: '2025-01-01T00:00:00.000Z', unsubscribe_token: token })
    const db = await getDb()
    await expect(db.insertInto('newsletter_subscribers').values(row('d@example.com', tokens[0]!)).execute()).rejects.toThrow(/unique/i)
    await expect(db.insertInto('newsletter_subscribers').values(row('A@EXAMPLE.COM', 'f'.repeat(64))).execute()).rejects.toThrow(/unique/i)
  })

  test('the token finds its address, and unsubscribing removes the row', async () => {
    const { findSubscriberEmail, subscribeToNewsletter, unsubscribeFromNewsletter } = await import('~/db/newsletter.server')
    const token = (await subscribeToNewsletter('ann@example.com'))!
    await subscribeToNewsletter('bob@example.com')
    expect(await findSubscriberEmail(token)).toBe('ann@example.com')
    expect(await unsubscribeFromNewsletter(token)).toBe('ann@example.com')
    expect(await subscriberRow('ann@example.com')).toBeUndefined()
    expect(await subscriberRow('bob@example.com')).toBeDefined()
  })

  test('a token works once: a second unsubscribe with it, or an unknown token, removes nothing', async () => {
    const { findSubscriberEmail, subscribeToNewsletter, unsubscribeFromNewsletter } = await import('~/db/newsletter.server')
    const token = (await subscribeToNewsletter('ann@example.com'))!
    await unsubscribeFromNewsletter(token)
    expect(await unsubscribeFromNewsletter(token)).toBeNull()
    expect(await findSubscriberEmail(token)).toBeNull()
    for (const unknown of ['', 'nope', '0'.repeat(64)]) expect(await unsubscribeFromNewsletter(unknown)).toBeNull()
  })

  test('the welcome e-mail carries the absolute unsubscribe link, in its text and its List-Unsubscribe header', async () => {
    const { newsletterWelcomeEmail } = await import('~/mail/emails.server')
    const { sendMail } = await import('~/mail/mail.server')
    await sendMail({ to: 'ann@example.com', ...newsletterWelcomeEmail('abc123') })
    const [file] = await readdir(data.outboxDir)
    const message = parseMailMessage(await readFile(path.join(data.outboxDir, file!), 'utf8'))
    const link = 'https://www.example.test/newsletter/unsubscribe?token=abc123'
    expect(message.header('To')).toBe('ann@example.com')
    expect(message.header('List-Unsubscribe')).toBe(`<${link}>`)
    expect(message.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(message.text).toContain(`\n${link}\n`)
  })
})
