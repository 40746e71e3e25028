// Issue 29, point 2: mail that is never lost, read from a real SMTP server. Each e-mail is a row of the
// queue until a sender has handed it to the mail server; a server that is down or says "try later" gets
// it again after a backoff, once; one that refuses for good leaves it failed, for the office.
import { createServer, type AddressInfo } from 'node:net'

import { afterEach, describe, expect, test, vi } from 'vitest'

import { startSmtpReceiver } from '../tools/smtp-receiver'

import { ENGINES, withFreshDatabase } from './fresh-database'

/** A port nothing listens on (yet): a mail server that is down. */
async function freePort() {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

const receivers: Array<{ stop: () => Promise<void> }> = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.stop()))
})

async function receiver(options: Parameters<typeof startSmtpReceiver>[0] = {}) {
  const started = await startSmtpReceiver(options)
  receivers.push(started)
  return started
}

const mail = (to: string, subject: string) => ({ to, subject, text: `About ${subject}.` })
const later = (from: Date, ms: number) => new Date(from.getTime() + ms)

describe.each(ENGINES)('on %s', (engine) => {
  withFreshDatabase(`mail-queue-${engine}`, {}, engine)

  test('with the mail server down, every e-mail waits in the queue and arrives, once, when it is back', async () => {
    const port = await freePort()
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`)
    const { insertMail, countMail } = await import('~/db/mail-queue.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    const now = new Date()
    for (const subject of ['one', 'two', 'three']) await insertMail({ message: mail('family@example.com', subject), what: `the e-mail ${subject}` }, now)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await deliverDueMail(now)
    expect(await countMail()).toEqual({ queued: 3, sent: 0, failed: 0, outdated: 0 })
    // Before its backoff has passed, nothing is tried again.
    await deliverDueMail(later(now, 10_000))
    const smtp = await receiver({ port })
    await deliverDueMail(later(now, 10_000))
    expect(smtp.received).toHaveLength(0)
    await deliverDueMail(later(now, 31_000))
    expect(smtp.received.map((message) => message.header('Subject')).sort()).toEqual(['one', 'three', 'two'])
    expect(await countMail()).toEqual({ queued: 0, sent: 3, failed: 0, outdated: 0 })
    await deliverDueMail(later(now, 3_600_000))
    expect(smtp.received).toHaveLength(3)
    // Once sent, only the record stays: the text, which may hold a live link, is gone.
    const { getDb } = await import('~/db/database.server')
    const sent = await (await getDb()).selectFrom('mail_queue').select(['recipient', 'subject', 'message', 'sent_at']).orderBy('id').execute()
    expect(sent.map(({ recipient, subject, message }) => ({ recipient, subject, message }))).toEqual(['one', 'two', 'three'].map((subject) => ({ recipient: 'family@example.com', subject, message: null })))
    expect(sent.every((row) => row.sent_at !== null)).toBe(true)
  })

  test('a mail server that answers "try later" and then takes it gets the e-mail once', async () => {
    let refusals = 0
    const smtp = await receiver({ refuse: () => (refusals++ === 0 ? { code: 451, text: 'Try again later' } : null) })
    vi.stubEnv('SMTP_URL', smtp.url)
    const { insertMail, countMail } = await import('~/db/mail-queue.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    const now = new Date()
    await insertMail({ message: mail('family@example.com', 'Your lesson is confirmed'), what: 'a lesson decision' }, now)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await deliverDueMail(now)
    expect(smtp.received).toHaveLength(0)
    expect(await countMail()).toEqual({ queued: 1, sent: 0, failed: 0, outdated: 0 })
    await deliverDueMail(later(now, 31_000))
    await deliverDueMail(later(now, 120_000))
    expect(smtp.received.map((message) => message.header('Subject'))).toEqual(['Your lesson is confirmed'])
    expect(await countMail()).toEqual({ queued: 0, sent: 1, failed: 0, outdated: 0 })
  })

  // Some 26 rounds of sending, each on a new SMTP connection: 3.5 s alone, past the default 5 s when
  // the machine is busy with other work.
  test('a refusal for good (5xx) leaves the e-mail failed at once, with the reason; a day of "try later" does too', async () => {
    const smtp = await receiver({ refuse: (address) => (address.startsWith('gone') ? { code: 550, text: '5.1.1 No such mailbox' } : { code: 421, text: 'Busy' }) })
    vi.stubEnv('SMTP_URL', smtp.url)
    const { insertMail, countMail } = await import('~/db/mail-queue.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    const { getDb } = await import('~/db/database.server')
    const now = new Date()
    await insertMail({ message: mail('gone@example.com', 'Hello'), what: 'an acknowledgement' }, now)
    await insertMail({ message: mail('busy@example.com', 'Hello'), what: 'an acknowledgement' }, now)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await deliverDueMail(now)
    const rows = async () => (await getDb()).selectFrom('mail_queue').select(['status', 'last_error', 'attempts']).orderBy('id').execute()
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringMatching(/No such mailbox/) })
    expect((await rows())[1]).toMatchObject({ status: 'queued', attempts: 1 })
    // Retried with a growing backoff until a day has passed since it was queued.
    for (let hour = 1; hour <= 25; hour++) await deliverDueMail(later(now, hour * 3_600_000))
    expect((await rows())[1]).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/Busy/) })
    expect(await countMail()).toEqual({ queued: 0, sent: 0, failed: 2, outdated: 0 })
    expect(smtp.received).toHaveLength(0)
    // The record of a failed e-mail goes after 30 days, as the privacy notice says.
    const { deleteExpiredRecords } = await import('~/db/retention.server')
    await deleteExpiredRecords(later(now, 29 * 86_400_000).getTime())
    expect(await countMail()).toEqual({ queued: 0, sent: 0, failed: 2, outdated: 0 })
    await deleteExpiredRecords(later(now, 31 * 86_400_000).getTime())
    expect(await countMail()).toEqual({ queued: 0, sent: 0, failed: 0, outdated: 0 })
  }, 30_000)

  // A mail provider that pauses the site's account refuses every recipient with a 5xx; each such e-mail
  // was once failed for good at once, for the office to send again by hand. Only a reply whose enhanced
  // code says it is about the address, the mailbox or the content is an e-mail's own.
  test.each([
    ['a quota of the account (Microsoft 365)', '5.2.0 STOREDRV.Submission.Exception:OutboundSpamException'],
    ['a policy of the account', '5.7.1 Sending paused for this account'],
    ['our sender refused', '5.1.8 Access denied, bad outbound sender'],
    ['no enhanced code', 'Relay not permitted'],
  ])('a 5xx at RCPT TO that is not the address\'s, the mailbox\'s or the content\'s (%s) is tried again; one that is, is for good', async (_kind, refusal) => {
    let paused = true
    const smtp = await receiver({
      refuse: (address) => {
        if (address.startsWith('gone')) return { code: 550, text: '5.1.1 <gone@example.com>: No such mailbox' }
        if (address.startsWith('full')) return { code: 552, text: '5.2.2 Mailbox full' }
        return paused ? { code: 554, text: refusal } : null
      },
    })
    vi.stubEnv('SMTP_URL', smtp.url)
    const { insertMail } = await import('~/db/mail-queue.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    const { getDb } = await import('~/db/database.server')
    const now = new Date()
    await insertMail({ message: mail('gone@example.com', 'Hello'), what: 'an acknowledgement' }, now)
    await insertMail({ message: mail('full@example.com', 'Hello'), what: 'an acknowledgement' }, now)
    await insertMail({ message: mail('family@example.com', 'Your lesson is confirmed'), what: 'a lesson decision' }, now)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await deliverDueMail(now)
    const rows = async () => (await getDb()).selectFrom('mail_queue').select(['recipient', 'status', 'last_error']).orderBy('id').execute()
    expect(await rows()).toEqual([
      { recipient: 'gone@example.com', status: 'failed', last_error: expect.stringMatching(/No such mailbox/) },
      { recipient: 'full@example.com', status: 'failed', last_error: expect.stringMatching(/Mailbox full/) },
      { recipient: 'family@example.com', status: 'queued', last_error: expect.stringContaining(refusal) },
    ])
    paused = false
    await deliverDueMail(later(now, 31_000))
    expect(smtp.received.flatMap((message) => message.envelopeTo)).toEqual(['family@example.com'])
    expect((await rows()).map((row) => row.status)).toEqual(['failed', 'failed', 'sent'])
  })

  // Refused alike, the e-mails of a backlog were each tried on their own, again and again: a provider
  // may extend a pause for that. A refusal of one address holds no one else's mail back.
  test('a batch refused alike, nothing of it taken, holds the whole queue back, as a refused login does; a refusal of one address, or two beside e-mails taken, does not', async () => {
    let refusals = 0
    let paused = true
    const smtp = await receiver({
      refuse: (address) => {
        refusals++
        if (address.startsWith('gone')) return { code: 550, text: '5.4.1 Recipient address rejected: Access denied' }
        return paused ? { code: 554, text: '5.7.1 Sending paused for this account' } : null
      },
    })
    vi.stubEnv('SMTP_URL', smtp.url)
    const { insertMail } = await import('~/db/mail-queue.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    const { getDb } = await import('~/db/database.server')
    const now = new Date()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const soonest = async () => {
      const rows = await (await getDb()).selectFrom('mail_queue').select('send_after').where('status', '=', 'queued').orderBy('send_after').execute()
      return rows.map((row) => Math.floor((new Date(row.send_after).getTime() - now.getTime()) / 1000))
    }
    // One address refused: the other e-mails go on.
    await insertMail({ message: mail('gone@example.com', 'Hello'), what: 'an acknowledgement' }, now)
    await deliverDueMail(now)
    expect(await soonest()).toEqual([30])
    // A backlog refused alike: one batch (5) tried, and every e-mail waits as they do.
    await (await getDb()).deleteFrom('mail_queue').execute()
    refusals = 0
    for (let index = 0; index < 12; index++) await insertMail({ message: mail(`family${index}@example.com`, 'Hello'), what: 'an acknowledgement' }, now)
    await deliverDueMail(now)
    expect(refusals).toBe(5)
    expect(new Set(await soonest())).toEqual(new Set([30]))
    // Two made-up addresses a stranger typed, refused in the same words, ahead of a backlog the server
    // takes: the backlog goes in the same round (a review held 60 e-mails 7 hours behind such a pair).
    await (await getDb()).deleteFrom('mail_queue').execute()
    for (const to of ['gone1@example.com', 'gone2@example.com', ...Array.from({ length: 8 }, (_, index) => `family${index}@example.com`)]) await insertMail({ message: mail(to, 'Hello'), what: 'an acknowledgement' }, now)
    paused = false
    await deliverDueMail(now)
    expect(smtp.received).toHaveLength(8)
  })

  /** A mail server that refuses the site's login, as after its password was changed at the provider, and `count` e-mails queued `now`. */
  async function queueBehindRefusedLogin(count: number, now: Date) {
    const smtp = await receiver({ refuseLogin: true })
    vi.stubEnv('SMTP_URL', `smtp://site:old-password@127.0.0.1:${smtp.port}`)
    const { insertMail } = await import('~/db/mail-queue.server')
    for (let index = 0; index < count; index++) await insertMail({ message: mail(`family${index}@example.com`, 'Hello'), what: 'an acknowledgement' }, now)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    return smtp
  }

  // A refused login (a password changed at the mail provider) refuses no message: every e-mail once
  // failed for good within seconds, and the office could only send each again by hand.
  test('a mail server that refuses our login (535) leaves every e-mail queued, tried again until it lets us in', async () => {
    const { countMail } = await import('~/db/mail-queue.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    const { getDb } = await import('~/db/database.server')
    const now = new Date()
    await queueBehindRefusedLogin(2, now)
    await deliverDueMail(now)
    const rows = await (await getDb()).selectFrom('mail_queue').select(['status', 'last_error', 'attempts']).orderBy('id').execute()
    expect(rows).toEqual([0, 1].map(() => ({ status: 'queued', attempts: 1, last_error: expect.stringMatching(/Invalid username or password/) })))
    expect(await countMail()).toEqual({ queued: 2, sent: 0, failed: 0, outdated: 0 })
  })

  // Each e-mail tried on its own would log in on its own, a queue of them a storm of failed logins,
  // which a mail provider may answer by locking the account or the address out.
  test('a refused login holds the whole queue back, one batch of logins at a time, further apart each time', async () => {
    const { deliverDueMail } = await import('~/mail/mail.server')
    const { getDb } = await import('~/db/database.server')
    const now = new Date()
    const smtp = await queueBehindRefusedLogin(12, now)
    await deliverDueMail(now)
    expect(smtp.loginsRefused()).toBe(5)
    // When any e-mail is tried again soonest: every one waits for the same time.
    const nextTry = async () => {
      const { send_after } = await (await getDb()).selectFrom('mail_queue').select('send_after').where('status', '=', 'queued').orderBy('send_after').executeTakeFirstOrThrow()
      return new Date(send_after)
    }
    // In whole seconds from the test's start: the round judged by its own clock, a few ms after it.
    const soonest = async () => Math.floor(((await nextTry()).getTime() - now.getTime()) / 1000)
    expect(await soonest()).toBe(30)
    // The next round comes at that time: 30 s after the test's start can be a few ms short of it.
    await deliverDueMail(await nextTry())
    expect(smtp.loginsRefused()).toBe(10)
    expect(await soonest()).toBe(90)
  })

  test('two senders at once (two app processes) send each e-mail once', async () => {
    const smtp = await receiver()
    vi.stubEnv('SMTP_URL', smtp.url)
    const { insertMail } = await import('~/db/mail-queue.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    const now = new Date()
    for (let index = 0; index < 20; index++) await insertMail({ message: mail(`family${index}@example.com`, `Message ${index}`), what: 'a test e-mail' }, now)
    await Promise.all([deliverDueMail(now), deliverDueMail(now), deliverDueMail(now)])
    expect(smtp.received).toHaveLength(20)
    expect(new Set(smtp.received.map((message) => message.header('Subject'))).size).toBe(20)
  })

  // A mail server slow enough to outlast a lease: the e-mail goes twice (decision 017 accepts that),
  // but the first sender's late refusal once turned the second's delivery into a failed e-mail.
  test('a sender whose lease ran out mid-send records nothing over the sender that took the e-mail after it', async () => {
    const { claimDueMail, insertMail, markMailSent, markMailUnsent } = await import('~/db/mail-queue.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const now = new Date()
    await insertMail({ message: mail('ann@example.com', 'Hello'), what: 'a test e-mail' }, now)
    const [slow] = await claimDueMail(db, { dueBy: now, leasedAt: later(now, -3 * 60_000) }, 2 * 60_000)
    const [next] = await claimDueMail(db, { dueBy: now, leasedAt: now }, 2 * 60_000)
    expect(next!.id).toBe(slow!.id)
    await markMailSent(db, next!, now)
    await markMailUnsent(db, slow!, '550 No such mailbox', null)
    expect(await db.selectFrom('mail_queue').select(['status', 'last_error']).executeTakeFirst()).toEqual({ status: 'sent', last_error: null })
  })

  test('a long round of sending takes each lease from the time of its claim: another sender polling meanwhile takes nothing', async () => {
    const start = new Date()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(start)
    const { claimDueMail, insertMail } = await import('~/db/mail-queue.server')
    const { getDb } = await import('~/db/database.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    let otherSender: Promise<unknown[]> | undefined
    // The first e-mail takes 3 minutes (a backlog, a slow server); while the sixth, in the round's second batch, is
    // being sent, another process polls the queue.
    const smtp = await receiver({
      refuse: (address) => {
        if (address === 'family0@example.com') vi.setSystemTime(new Date(start.getTime() + 3 * 60_000))
        if (address === 'family5@example.com') otherSender = getDb().then((db) => claimDueMail(db, { dueBy: new Date(), leasedAt: new Date() }, 2 * 60_000))
        return null
      },
    })
    vi.stubEnv('SMTP_URL', smtp.url)
    try {
      for (let index = 0; index < 6; index++) await insertMail({ message: mail(`family${index}@example.com`, `Message ${index}`), what: 'a test e-mail' }, start)
      await deliverDueMail(start)
      expect(await otherSender).toEqual([])
      expect(smtp.received).toHaveLength(6)
    } finally {
      vi.useRealTimers()
    }
  })

  test('a round that judges what is due by a later clock (the reminders run as at a later time) leaves alone an e-mail another sender is sending', async () => {
    const { insertMail } = await import('~/db/mail-queue.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    const now = new Date()
    let laterRound: Promise<void> | undefined
    // While the e-mail is on its way, a round as at tomorrow looks at the queue: its lease is still running.
    const smtp = await receiver({
      refuse: () => {
        laterRound ??= deliverDueMail(later(now, 86_400_000))
        return null
      },
    })
    vi.stubEnv('SMTP_URL', smtp.url)
    await insertMail({ message: mail('family@example.com', 'Your lesson is confirmed'), what: 'a lesson decision' }, now)
    await deliverDueMail(now)
    await laterRound
    expect(smtp.received.map((message) => message.header('Subject'))).toEqual(['Your lesson is confirmed'])
  })

  test("the office's mail view shows an e-mail the server refused for good, and Send again sends it", async () => {
    let refusing = true
    const smtp = await receiver({ refuse: () => (refusing ? { code: 550, text: '5.2.1 Mailbox unavailable' } : null) })
    vi.stubEnv('SMTP_URL', smtp.url)
    vi.stubEnv('SESSION_SECRET', 'c'.repeat(64))
    const { insertMail } = await import('~/db/mail-queue.server')
    const { deliverDueMail } = await import('~/mail/mail.server')
    const { getDb } = await import('~/db/database.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { createSession } = await import('~/accounts/session.server')
    const office = await import('~/routes/office.mail/mail.server')
    await insertMail({ message: mail('family@example.com', 'Your place is reserved'), what: 'a class place confirmation' }, new Date())
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await deliverDueMail(new Date())
    const staffId = (await insertUser({ name: 'Sam Staff', email: 'sam@example.com', passwordHash: 'x' }))!
    await (await getDb()).updateTable('users').set({ role: 'staff' }).where('id', '=', staffId).execute()
    const cookie = (await createSession(staffId, false)).split(';')[0]!
    const view = async (query = '') => (await (await office.loader({ request: new Request(`http://localhost/office/mail${query}`, { headers: { Cookie: cookie } }), params: {}, context: {} })).json()) as Awaited<ReturnType<Awaited<ReturnType<typeof office.loader>>['json']>>
    const failed = (await view('?status=failed')).listing.items
    expect(failed).toEqual([expect.objectContaining({ recipient: 'family@example.com', subject: 'Your place is reserved', status: 'failed', lastError: expect.stringMatching(/Mailbox unavailable/) })])
    expect((await (await getDb()).selectFrom('mail_queue').select('status').execute())).toEqual([{ status: 'failed' }])

    refusing = false
    const sendAgain = (id: number) => office.action({ request: new Request('http://localhost/office/mail', { method: 'POST', body: new URLSearchParams({ mail: String(id) }), headers: { Cookie: cookie } }), params: {}, context: {} })
    const answer = await sendAgain(failed[0]!.id)
    expect(await answer.json()).toEqual({ requeued: 'The e-mail to family@example.com is queued again and is being sent.' })
    await vi.waitFor(() => expect(smtp.received.map((message) => message.header('Subject'))).toEqual(['Your place is reserved']))
    await vi.waitFor(async () => expect((await view('?status=sent')).listing.total).toBe(1))
    // Sent now: nothing to send again.
    expect((await sendAgain(failed[0]!.id)).status).toBe(409)
  })

  test('a waiting e-mail is sealed in the database: a copy of it without the session secret gives no live link, and one sealed under an old secret fails, unread', async () => {
    vi.stubEnv('SESSION_SECRET', 'c'.repeat(64))
    const { insertMail, openMessage } = await import('~/db/mail-queue.server')
    const { getDb } = await import('~/db/database.server')
    const now = new Date()
    const link = 'https://brightwell.test/reset-password?token=live-reset-token'
    await insertMail({ message: { to: 'family@example.com', subject: 'Reset your password', text: `Reset it here: ${link}` }, what: 'a password reset link' }, now)
    const [row] = await (await getDb()).selectFrom('mail_queue').select(['recipient', 'subject', 'message']).execute()
    expect(row).toMatchObject({ recipient: 'family@example.com', subject: 'Reset your password' })
    expect(row!.message).not.toContain('live-reset-token')
    expect(openMessage(row!.message!)?.text).toBe(`Reset it here: ${link}`)

    // The app started again with another secret.
    vi.stubEnv('SESSION_SECRET', 'd'.repeat(64))
    vi.resetModules()
    const restarted = await import('~/db/mail-queue.server')
    expect(restarted.openMessage(row!.message!)).toBeNull()
    expect(await restarted.claimDueMail(await (await import('~/db/database.server')).getDb(), { dueBy: now, leasedAt: now }, 60_000)).toEqual([])
    expect(await restarted.countMail()).toEqual({ queued: 0, sent: 0, failed: 1, outdated: 0 })
  })

  test('a stored submission and the e-mails it causes are stored together or not at all', async () => {
    const { saveContactMessage } = await import('~/db/submissions.server')
    const { getDb } = await import('~/db/database.server')
    const message = { name: 'Ann', email: 'ann@example.com', subject: 'General question', message: 'Hello' }
    const id = await saveContactMessage(message, (id) => [{ message: mail('office@example.com', `New message ${id}`), what: 'the office notice of a message' }])
    const db = await getDb()
    expect(await db.selectFrom('mail_queue').select(['recipient', 'subject', 'status']).execute()).toEqual([{ recipient: 'office@example.com', subject: `New message ${id}`, status: 'queued' }])
    // An e-mail that cannot be queued takes its message with it: the visitor is told it failed.
    const failing = saveContactMessage(message, () => [{ message: mail('office@example.com', 'x'.repeat(10)), what: null as unknown as string }])
    await expect(failing).rejects.toThrow()
    expect(await db.selectFrom('contact_messages').select('id').execute()).toEqual([{ id }])
    expect(await db.selectFrom('mail_queue').select('id').execute()).toHaveLength(1)
  })

  test('a tutor invitation and a class place are stored with their e-mails, or not at all', async () => {
    const { insertInvitation } = await import('~/db/invitations.server')
    const { reservePlace } = await import('~/db/class-places.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const staff = { userId: (await insertUser({ name: 'Sam', email: 'sam@example.com', passwordHash: 'x' }))!, name: 'Sam' }
    const invitation = { tokenHash: 'hash-1', tutorId: 'mei-chen', email: 'mei@example.com', applicationId: null, by: staff }
    await insertInvitation(invitation, [{ message: mail('mei@example.com', 'Your invitation'), what: 'a tutor invitation' }])
    await expect(insertInvitation({ ...invitation, tokenHash: 'hash-2' }, [{ message: mail('mei@example.com', 'Again'), what: null as unknown as string }])).rejects.toThrow()
    expect(await db.selectFrom('tutor_invitations').select('token_hash').execute()).toEqual([{ token_hash: 'hash-1' }])
    const place = { classId: 'gcse-maths-clinic', sessionDate: '2026-12-02', sessionStart: '2026-12-02T17:00:00.000Z', capacity: 5, name: 'Ann', email: 'ann@example.com', yearGroup: 'Year 10' }
    expect((await reservePlace(place, [{ message: mail('office@example.com', 'New place'), what: 'the office notice of a class place' }])).outcome).toBe('reserved')
    await expect(reservePlace({ ...place, email: 'bob@example.com' }, [{ message: mail('office@example.com', 'x'), what: null as unknown as string }])).rejects.toThrow()
    expect(await db.selectFrom('class_registrations').select('email').execute()).toEqual([{ email: 'ann@example.com' }])
    expect((await db.selectFrom('mail_queue').select('subject').orderBy('id').execute()).map((row) => row.subject)).toEqual(['Your invitation', 'New place'])
  })
})
