import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import Database from 'better-sqlite3'
import { expect, test } from 'vitest'

import { parseMailMessage } from '../tools/mail-message'
import { withFreshDatabase } from './fresh-database'

const data = withFreshDatabase('newsletter', { SITE_URL: 'https://www.example.test/' })

async function subscriberRow(email: string) {
  const { getDb } = await import('~/db/database.server')
  return getDb().prepare('SELECT * FROM newsletter_subscribers WHERE email = ?').get(email) as
    | { consented_at: string; unsubscribe_token: string }
    | undefined
}

test('a subscription records the time of consent and a random unsubscribe token', async () => {
  const { subscribeToNewsletter } = await import('~/db/newsletter.server')
  const token = subscribeToNewsletter('Ann@Example.com', new Date('2025-03-30T00:30:00Z'))
  expect(token).toMatch(/^[0-9a-f]{64}$/)
  expect(await subscriberRow('ann@example.com')).toMatchObject({ consented_at: '2025-03-30T00:30:00.000Z', unsubscribe_token: token })
})

test('subscribing again with the same address, in any case, changes nothing and gives no token', async () => {
  const { subscribeToNewsletter } = await import('~/db/newsletter.server')
  const token = subscribeToNewsletter('ann@example.com', new Date('2025-01-01T00:00:00Z'))
  expect(subscribeToNewsletter('ANN@example.com', new Date('2025-06-01T00:00:00Z'))).toBeNull()
  expect(await subscriberRow('ann@example.com')).toMatchObject({ consented_at: '2025-01-01T00:00:00.000Z', unsubscribe_token: token })
})

test('every subscription gets its own token, and the table refuses a repeated one', async () => {
  const { subscribeToNewsletter } = await import('~/db/newsletter.server')
  const { getDb } = await import('~/db/database.server')
  const tokens = ['a', 'b', 'c'].map((name) => subscribeToNewsletter(`${name}@example.com`))
  expect(new Set(tokens).size).toBe(3)
  const insert = getDb().prepare("INSERT INTO newsletter_subscribers (email, consented_at, unsubscribe_token) VALUES ('d@example.com', '2025-01-01T00:00:00.000Z', ?)")
  expect(() => insert.run(tokens[0])).toThrow(/UNIQUE/)
})

test('the token finds its address, and unsubscribing removes the row', async () => {
  const { findSubscriberEmail, subscribeToNewsletter, unsubscribeFromNewsletter } = await import('~/db/newsletter.server')
  const token = subscribeToNewsletter('ann@example.com')!
  subscribeToNewsletter('bob@example.com')
  expect(findSubscriberEmail(token)).toBe('ann@example.com')
  expect(unsubscribeFromNewsletter(token)).toBe('ann@example.com')
  expect(await subscriberRow('ann@example.com')).toBeUndefined()
  expect(await subscriberRow('bob@example.com')).toBeDefined()
})

test('a token works once: a second unsubscribe with it, or an unknown token, removes nothing', async () => {
  const { findSubscriberEmail, subscribeToNewsletter, unsubscribeFromNewsletter } = await import('~/db/newsletter.server')
  const token = subscribeToNewsletter('ann@example.com')!
  unsubscribeFromNewsletter(token)
  expect(unsubscribeFromNewsletter(token)).toBeNull()
  expect(findSubscriberEmail(token)).toBeNull()
  for (const unknown of ['', 'nope', '0'.repeat(64)]) expect(unsubscribeFromNewsletter(unknown)).toBeNull()
})

test('subscriptions made before consent was recorded keep their subscription time as consent time and get distinct tokens', async () => {
  const { MIGRATIONS } = await import('~/db/migrations.server')
  const old = new Database(data.databasePath)
  MIGRATIONS.slice(0, 3).forEach((sql) => old.exec(sql))
  old.pragma('user_version = 3')
  const insert = old.prepare('INSERT INTO newsletter_subscribers (email, subscribed_at) VALUES (?, ?)')
  insert.run('ann@example.com', '2024-10-27T01:30:00.000Z')
  insert.run('bob@example.com', '2024-11-02T09:00:00.000Z')
  old.close()

  const { getDb } = await import('~/db/database.server')
  const rows = getDb().prepare('SELECT * FROM newsletter_subscribers ORDER BY id').all() as Array<Record<string, string>>
  expect(rows.map((row) => [row.email, row.consented_at])).toEqual([
    ['ann@example.com', '2024-10-27T01:30:00.000Z'],
    ['bob@example.com', '2024-11-02T09:00:00.000Z'],
  ])
  expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.unsubscribe_token!))).toBe(true)
  expect(rows[0]!.unsubscribe_token).not.toBe(rows[1]!.unsubscribe_token)
})

test('the welcome e-mail carries the absolute unsubscribe link, in its text and its List-Unsubscribe header', async () => {
  const { newsletterWelcomeEmail } = await import('~/mail/emails.server')
  const { sendMail } = await import('~/mail/mail.server')
  await sendMail({ to: 'ann@example.com', ...newsletterWelcomeEmail('abc123') })
  const outbox = data.outboxDir
  const [file] = await readdir(outbox)
  const message = parseMailMessage(await readFile(path.join(outbox, file!), 'utf8'))
  const link = 'https://www.example.test/newsletter/unsubscribe?token=abc123'
  expect(message.header('To')).toBe('ann@example.com')
  expect(message.header('List-Unsubscribe')).toBe(`<${link}>`)
  expect(message.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  expect(message.text).toContain(`\n${link}\n`)
})
