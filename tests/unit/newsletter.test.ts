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

  test('a typed address waits for its owner: it is on the office list, the count and the CSV only once the e-mailed link confirms it', async () => {
    const { confirmSubscription, subscribeToNewsletter } = await import('~/db/newsletter.server')
    const { inboxCounts, newsletterSubscribers } = await import('~/db/office.server')
    const token = await subscribeToNewsletter('Ann@Example.com', new Date('2025-03-30T00:30:00Z'))
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    expect(await subscriberRow('ann@example.com')).toMatchObject({ consented_at: '2025-03-30T00:30:00.000Z', confirmed_at: null, unsubscribe_token: token })
    expect(await newsletterSubscribers()).toEqual([])
    expect((await inboxCounts()).subscribers).toBe(0)

    expect(await confirmSubscription(token!, new Date('2025-03-30T09:00:00Z'))).toBe('ann@example.com')
    expect(await newsletterSubscribers()).toEqual([{ email: 'ann@example.com', subscribed_at: '2025-03-30T00:30:00.000Z', consented_at: '2025-03-30T00:30:00.000Z', confirmed_at: '2025-03-30T09:00:00.000Z', unsubscribe_token: token }])
    expect((await inboxCounts()).subscribers).toBe(1)
  })

  test('asking again while the address waits gives the same link to send again; once confirmed, asking again gives nothing and changes nothing', async () => {
    const { confirmSubscription, subscribeToNewsletter } = await import('~/db/newsletter.server')
    const token = await subscribeToNewsletter('ann@example.com', new Date('2025-01-01T00:00:00Z'))
    expect(await subscribeToNewsletter('ANN@example.com', new Date('2025-01-03T00:00:00Z'))).toBe(token)
    // The week it waits runs from the first time it was typed, however often it is typed again.
    expect(await subscriberRow('ann@example.com')).toMatchObject({ subscribed_at: '2025-01-01T00:00:00.000Z', consented_at: '2025-01-01T00:00:00.000Z', unsubscribe_token: token })
    await confirmSubscription(token!, new Date('2025-01-03T01:00:00Z'))
    expect(await subscribeToNewsletter('ann@example.com', new Date('2025-06-01T00:00:00Z'))).toBeNull()
    expect(await subscriberRow('ann@example.com')).toMatchObject({ subscribed_at: '2025-01-01T00:00:00.000Z', confirmed_at: '2025-01-03T01:00:00.000Z', unsubscribe_token: token })
  })

  test('the confirmation e-mail is queued with the row, and only for an address still waiting', async () => {
    const { subscribeToNewsletter, confirmSubscription } = await import('~/db/newsletter.server')
    const { getDb } = await import('~/db/database.server')
    const confirmation = (token: string) => [{ message: { to: 'ann@example.com', subject: 'Confirm', text: token }, what: 'the confirmation' }]
    const token = (await subscribeToNewsletter('ann@example.com', new Date(), confirmation))!
    await subscribeToNewsletter('ann@example.com', new Date(), confirmation)
    await confirmSubscription(token)
    await subscribeToNewsletter('ann@example.com', new Date(), confirmation)
    const queued = await (await getDb()).selectFrom('mail_queue').select(['recipient', 'message']).execute()
    expect(queued).toHaveLength(2)
    const { openMessage } = await import('~/db/mail-queue.server')
    for (const mail of queued) expect(openMessage(mail.message!)?.text).toContain(token)
  })

  test('a confirmation link confirms once and keeps its first time; an unknown one confirms nothing', async () => {
    const { confirmSubscription, findSubscription, subscribeToNewsletter } = await import('~/db/newsletter.server')
    const token = (await subscribeToNewsletter('ann@example.com'))!
    expect(await findSubscription(token)).toEqual({ email: 'ann@example.com', confirmed: false })
    expect(await confirmSubscription(token, new Date('2025-05-01T00:00:00Z'))).toBe('ann@example.com')
    expect(await confirmSubscription(token, new Date('2025-05-02T00:00:00Z'))).toBe('ann@example.com')
    expect(await subscriberRow('ann@example.com')).toMatchObject({ confirmed_at: '2025-05-01T00:00:00.000Z' })
    expect(await findSubscription(token)).toEqual({ email: 'ann@example.com', confirmed: true })
    for (const unknown of ['', 'nope', '0'.repeat(64)]) {
      expect(await confirmSubscription(unknown)).toBeNull()
      expect(await findSubscription(unknown)).toBeNull()
    }
  })

  test('an address never confirmed is deleted a week after it was last asked for; a confirmed one stays', async () => {
    const { confirmSubscription, subscribeToNewsletter } = await import('~/db/newsletter.server')
    const { deleteExpiredRecords } = await import('~/db/retention.server')
    const asked = new Date('2025-01-01T00:00:00Z')
    await subscribeToNewsletter('waiting@example.com', asked)
    await confirmSubscription((await subscribeToNewsletter('confirmed@example.com', asked))!, asked)
    await deleteExpiredRecords(asked.getTime() + 6.9 * 24 * 3600_000)
    expect(await subscriberRow('waiting@example.com')).toBeDefined()
    await deleteExpiredRecords(asked.getTime() + 7.1 * 24 * 3600_000)
    expect(await subscriberRow('waiting@example.com')).toBeUndefined()
    expect(await subscriberRow('confirmed@example.com')).toBeDefined()
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
    const { findSubscription, subscribeToNewsletter, unsubscribeFromNewsletter } = await import('~/db/newsletter.server')
    const token = (await subscribeToNewsletter('ann@example.com'))!
    await subscribeToNewsletter('bob@example.com')
    expect(await findSubscription(token)).toEqual({ email: 'ann@example.com', confirmed: false })
    expect(await unsubscribeFromNewsletter(token)).toBe('ann@example.com')
    expect(await subscriberRow('ann@example.com')).toBeUndefined()
    expect(await subscriberRow('bob@example.com')).toBeDefined()
  })

  test('a token works once: a second unsubscribe with it, or an unknown token, removes nothing', async () => {
    const { findSubscription, subscribeToNewsletter, unsubscribeFromNewsletter } = await import('~/db/newsletter.server')
    const token = (await subscribeToNewsletter('ann@example.com'))!
    await unsubscribeFromNewsletter(token)
    expect(await unsubscribeFromNewsletter(token)).toBeNull()
    expect(await findSubscription(token)).toBeNull()
    for (const unknown of ['', 'nope', '0'.repeat(64)]) expect(await unsubscribeFromNewsletter(unknown)).toBeNull()
  })

  // A link's token comes from the query string as anyone types it. One that cannot be a token (a NUL
  // byte, which PostgreSQL refuses in text; a page of text) is an unknown link, not an error.
  test('a link whose token cannot be one (a NUL byte, a page of text) is an unknown link on both pages, shown and posted, with no error', async () => {
    const confirm = await import('~/routes/newsletter_.confirm/confirm.server')
    const unsubscribe = await import('~/routes/newsletter_.unsubscribe/unsubscribe.server')
    const { subscribeToNewsletter } = await import('~/db/newsletter.server')
    await subscribeToNewsletter('ann@example.com')
    for (const token of ['\0', `${'a'.repeat(63)}\0`, 'a'.repeat(100_000)]) {
      const query = `?token=${encodeURIComponent(token)}`
      const confirmPage = await confirm.loader({ request: new Request(`http://localhost/newsletter/confirm${query}`), params: {}, context: {} })
      expect(await confirmPage.json()).toMatchObject({ subscription: null })
      const unsubscribePage = await unsubscribe.loader({ request: new Request(`http://localhost/newsletter/unsubscribe${query}`), params: {}, context: {} })
      expect(await unsubscribePage.json()).toMatchObject({ email: null })
      for (const [route, path] of [[confirm, '/newsletter/confirm'], [unsubscribe, '/newsletter/unsubscribe']] as const) {
        const answer = await route.action({ request: new Request(`http://localhost${path}${query}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' }), params: {}, context: {} })
        expect([answer.status, await answer.json()]).toEqual([400, { linkInvalid: true }])
      }
    }
    expect(await subscriberRow('ann@example.com')).toMatchObject({ confirmed_at: null })
  })

  test('the confirmation e-mail carries the absolute links to confirm and to be forgotten now, and says what happens otherwise', async () => {
    const { newsletterConfirmationEmail } = await import('~/mail/emails.server')
    const { sendMail } = await import('~/mail/mail.server')
    await sendMail({ to: 'ann@example.com', ...newsletterConfirmationEmail('abc123') })
    const [file] = await readdir(data.outboxDir)
    const message = parseMailMessage(await readFile(path.join(data.outboxDir, file!), 'utf8'))
    const confirm = 'https://www.example.test/newsletter/confirm?token=abc123'
    const unsubscribe = 'https://www.example.test/newsletter/unsubscribe?token=abc123'
    expect(message.header('To')).toBe('ann@example.com')
    expect(message.header('Subject')).toBe('Confirm your Brightwell Tutoring newsletter subscription')
    expect(message.text).toContain(`\n${confirm}\n`)
    expect(message.text).toContain(`\n${unsubscribe}\n`)
    expect(message.text).toContain('we will delete your address within 7 days')
    // Not a mailing: a mail app offers no unsubscribe button for it.
    expect(message.header('List-Unsubscribe')).toBeUndefined()
  })
})
