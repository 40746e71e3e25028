// What a stranger can make us send: the public forms acknowledge to whatever address is typed, so
// each address gets at most 3 automatic e-mails an hour. The posts still count, and the office
// still gets its copy of each. Read from a real SMTP server.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'

import { startSmtpReceiver } from '../tools/smtp-receiver'

import { ENGINES, withFreshDatabase, type Engine } from './fresh-database'

// Accounts here sign in with cheap hashes: this file is not about the hash (cheap-passwords.ts).
vi.mock('~/accounts/passwords.server', async () => (await import('./cheap-passwords')).cheapPasswords())

const OFFICE = 'office@brightwelltutoring.co.uk'

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>
beforeAll(async () => {
  smtp = await startSmtpReceiver()
})
afterAll(() => smtp.stop())

function contactPost(email: string, attempt: number) {
  return new Request('http://localhost/contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Vic Tim', email, subject: 'General question', message: `Message number ${attempt}` }),
  })
}

/** Makes the database refuse to queue any e-mail to `address`, as a full disk or a lost connection would at that moment. */
async function refuseMailTo(engine: Engine, address: string) {
  const { getDb } = await import('~/db/database.server')
  const db = await getDb()
  if (engine === 'sqlite') {
    await sql.raw(`CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_queue WHEN NEW.recipient = '${address}' BEGIN SELECT RAISE(ABORT, 'refused'); END`).execute(db)
    return
  }
  await sql.raw(`CREATE FUNCTION refuse_mail() RETURNS trigger AS $$ BEGIN IF NEW.recipient = '${address}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`).execute(db)
  await sql.raw('CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_queue FOR EACH ROW EXECUTE FUNCTION refuse_mail()').execute(db)
}

/**
 * A prober's own account and another at `taken`: would a move of the prober's account tell `taken`
 * (which has an account) from `free` (which has none)?
 */
async function moveProbe(engine: Engine) {
  const { insertUser } = await import('~/db/accounts.server')
  const [taken, free] = [`taken-${engine}@example.com`, `free-${engine}@example.com`]
  for (const email of [taken, `prober-${engine}@example.com`]) await insertUser({ name: 'An Owner', email, passwordHash: 'x' })
  return { taken, free }
}

/** What asking to move the prober's account to each of `addresses` answers. */
async function askToMoveTo(engine: Engine, addresses: readonly string[]) {
  const { requestAddressChange } = await import('~/accounts/own-account.server')
  const { findUserByEmail } = await import('~/db/accounts.server')
  const { user } = (await findUserByEmail(`prober-${engine}@example.com`))!
  const answers: boolean[] = []
  for (const address of addresses) answers.push(await requestAddressChange(user, address))
  return answers
}

describe.each(ENGINES)('on %s', (engine) => {
  withFreshDatabase(`mail-limits-${engine}`, {}, engine)

  test('an acknowledgement is stored with the message it acknowledges: when it cannot be queued, nor is the message, and the visitor is told', async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const { action } = await import('~/routes/contact/contact.server')
    const { getDb } = await import('~/db/database.server')
    const { ERRORS } = await import('~/messages')
    const visitor = `unqueueable-${engine}@example.com`
    await refuseMailTo(engine, visitor)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const answer = await action({ request: contactPost(visitor, 1), params: {}, context: {} })
    expect(answer.status).toBe(500)
    expect(((await answer.json()) as { formError?: string }).formError).toBe(ERRORS.formFailed)
    const db = await getDb()
    expect(await db.selectFrom('contact_messages').select('id').execute()).toEqual([])
    // Nor its office notice, nor a count against the address's hourly e-mails.
    expect(await db.selectFrom('mail_queue').select('id').execute()).toEqual([])
    expect(await db.selectFrom('login_attempts').select('id').where('throttle_key', '=', `mail-to:${visitor}`).execute()).toEqual([])
  })

  test('6 contact posts to one address in a minute: 6 messages stored, 6 office copies, 3 acknowledgements', async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const { action } = await import('~/routes/contact/contact.server')
    const { getDb } = await import('~/db/database.server')
    const victim = `victim-${engine}@example.com`
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect((await action({ request: contactPost(victim, attempt), params: {}, context: {} })).status).toBe(200)
    }
    const officeCopies = () => smtp.to(OFFICE).filter((message) => message.header('Reply-To') === victim)
    await vi.waitFor(() => expect(officeCopies().length + smtp.to(victim).length).toBe(9), { timeout: 5000 })
    const db = await getDb()
    expect(await db.selectFrom('contact_messages').select('id').where('email', '=', victim).execute()).toHaveLength(6)
    expect(officeCopies()).toHaveLength(6)
    expect(smtp.to(victim)).toHaveLength(3)
    // It asks for a reply if there is more to add: the reply goes to the office, not to the no-reply sender.
    expect(smtp.to(victim)[0]!.header('Reply-To')).toBe(OFFICE)
    expect(officeCopies()[0]!.header('Reply-To')).toBe(victim)
    // Every acknowledgement sent was counted first; the other three were never sent.
    expect(await db.selectFrom('login_attempts').select('id').where('throttle_key', '=', `mail-to:${victim}`).execute()).toHaveLength(3)
  })

  test('6 posts at once to one address, each counted in its own transaction: still 3 acknowledgements', async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const { action } = await import('~/routes/contact/contact.server')
    const { getDb } = await import('~/db/database.server')
    const victim = `at-once-${engine}@example.com`
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((attempt) => action({ request: contactPost(victim, attempt), params: {}, context: {} })))
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200))
    const db = await getDb()
    expect(await db.selectFrom('mail_queue').select('id').where('recipient', '=', victim).execute()).toHaveLength(3)
    expect(await db.selectFrom('login_attempts').select('id').where('throttle_key', '=', `mail-to:${victim}`).execute()).toHaveLength(3)
  })

  test("the limit is per mailbox: an address's + tags, and a Gmail address's dots, share its 3 acknowledgements", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const { action } = await import('~/routes/contact/contact.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const tagged = [1, 2, 3, 4, 5].map((tag) => `victim-${engine}+${tag}@example.com`)
    const dotted = [`vic.tim-${engine}@gmail.com`, `v.ic.tim-${engine}@gmail.com`, `victim-${engine}+x@gmail.com`, `V.I.C.T.I.M-${engine}@googlemail.com`]
    for (const address of [...tagged, ...dotted]) await action({ request: contactPost(address, 1), params: {}, context: {} })
    const queued = (await db.selectFrom('mail_queue').select('recipient').execute()).map((row) => row.recipient)
    expect(queued.filter((recipient) => tagged.includes(recipient))).toHaveLength(3)
    expect(queued.filter((recipient) => /@(gmail|googlemail)\.com$/.test(recipient))).toHaveLength(3)
  })

  test("a stranger's posts do not use up what a family's own password reset needs", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const contact = await import('~/routes/contact/contact.server')
    const forgot = await import('~/routes/forgot-password/forgot-password.server')
    const { createAccount } = await import('~/accounts/accounts.server')
    const family = `family-${engine}@example.com`
    await createAccount({ name: 'Gina Family', email: family, password: 'secret123' })
    for (let attempt = 1; attempt <= 4; attempt++) await contact.action({ request: contactPost(family, attempt), params: {}, context: {} })
    const reset = new Request('http://localhost/forgot-password', { method: 'POST', body: new URLSearchParams({ email: family }) })
    expect((await forgot.action({ request: reset, params: {}, context: {} })).status).toBe(200)
    await vi.waitFor(() => expect(smtp.to(family).map((message) => message.header('Subject'))).toContain('Reset your Brightwell Tutoring password'), { timeout: 5000 })
  })

  // Sign-ups cost a stranger nothing: each with a family's address sends the family a notice with no
  // link in it, and those notices must not leave the family's own reset request with nothing to send.
  test("a stranger's sign-ups with a family's address do not use up what the family's password reset needs", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const forgot = await import('~/routes/forgot-password/forgot-password.server')
    const { createAccount } = await import('~/accounts/accounts.server')
    const family = `signed-up-${engine}@example.com`
    expect(await createAccount({ name: 'Hana Family', email: family, password: 'secret123' })).toBe('created')
    for (let attempt = 1; attempt <= 4; attempt++) expect(await createAccount({ name: 'A Stranger', email: family, password: 'guess-123' })).toBe('taken')
    const reset = new Request('http://localhost/forgot-password', { method: 'POST', body: new URLSearchParams({ email: family }) })
    expect((await forgot.action({ request: reset, params: {}, context: {} })).status).toBe(200)
    await vi.waitFor(() => expect(smtp.to(family).map((message) => message.header('Subject'))).toContain('Reset your Brightwell Tutoring password'), { timeout: 5000 })
    // The notices of the stranger's sign-ups have a budget of their own: 3 of the 4.
    expect(smtp.to(family).filter((message) => message.header('Subject') === 'Someone tried to open an account with your address')).toHaveLength(3)
  }, 15_000)

  test("resets asked for addresses with no account send nothing, and so use up nothing of the account whose inbox they would reach", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const forgot = await import('~/routes/forgot-password/forgot-password.server')
    const { createAccount } = await import('~/accounts/accounts.server')
    const family = `tagged-${engine}@example.com`
    expect(await createAccount({ name: 'Ida Family', email: family, password: 'secret123' })).toBe('created')
    const askReset = (email: string) => forgot.action({ request: new Request('http://localhost/forgot-password', { method: 'POST', body: new URLSearchParams({ email }) }), params: {}, context: {} })
    // The same mailbox by its tags: none of these has an account.
    for (let tag = 1; tag <= 4; tag++) expect((await askReset(family.replace('@', `+${tag}@`))).status).toBe(200)
    expect((await askReset(family)).status).toBe(200)
    await vi.waitFor(() => expect(smtp.to(family).map((message) => message.header('Subject'))).toContain('Reset your Brightwell Tutoring password'), { timeout: 5000 })
  }, 15_000)

  // A flood from many clients, each within its own limits, naming as many addresses: each address's
  // budget never runs out, so only the site's hourly ceiling for each kind of e-mail stops what we send.
  test("posts naming many addresses: every message is stored, the office's notices and the acknowledgements stop at the site's hourly ceiling, and a family's reset still goes out", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    vi.stubEnv('MAIL_CEILING_PER_HOUR', '4')
    const contact = await import('~/routes/contact/contact.server')
    const forgot = await import('~/routes/forgot-password/forgot-password.server')
    const { createAccount } = await import('~/accounts/accounts.server')
    const { getDb } = await import('~/db/database.server')
    const family = `ceiling-family-${engine}@example.com`
    await createAccount({ name: 'Ida Family', email: family, password: 'secret123' })
    const strangers = [1, 2, 3, 4, 5, 6, 7].map((n) => `named-${n}-${engine}@example.com`)
    for (const [n, address] of strangers.entries()) expect((await contact.action({ request: contactPost(address, n), params: {}, context: {} })).status).toBe(200)
    const db = await getDb()
    expect(await db.selectFrom('contact_messages').select('id').execute()).toHaveLength(7)
    const queued = (await db.selectFrom('mail_queue').select('recipient').execute()).map((row) => row.recipient)
    expect(queued.filter((recipient) => recipient === OFFICE)).toHaveLength(4)
    expect(queued.filter((recipient) => strangers.includes(recipient))).toHaveLength(4)
    // A reset link is another kind of e-mail, with a ceiling of its own: the flood has not used it.
    const reset = new Request('http://localhost/forgot-password', { method: 'POST', body: new URLSearchParams({ email: family }) })
    expect((await forgot.action({ request: reset, params: {}, context: {} })).status).toBe(200)
    await vi.waitFor(() => expect(smtp.to(family).map((message) => message.header('Subject'))).toContain('Reset your Brightwell Tutoring password'), { timeout: 5000 })
  }, 15_000)

  // Sign-ups cost a stranger an address each, and each sends a confirmation link: from enough clients
  // they spend the site's account links for the hour. A reset link to a proven address relays no
  // stranger's words to a stranger's inbox, so no ceiling holds it back: only the address's own budget.
  test("sign-ups from many clients spending the site's account links leave a proven family's reset link sent; an unproven account's waits for the hour", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    vi.stubEnv('MAIL_CEILING_PER_HOUR', '3')
    const forgot = await import('~/routes/forgot-password/forgot-password.server')
    const { createAccount } = await import('~/accounts/accounts.server')
    const { confirmEmailWithToken, findUserByEmail } = await import('~/db/accounts.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const [family, unproven] = [`proven-reset-${engine}@example.com`, `unproven-reset-${engine}@example.com`]
    expect(await createAccount({ name: 'Kit Family', email: family, password: 'secret123' })).toBe('created')
    const link = await db.selectFrom('email_confirmations').select(['token_hash', 'user_id']).where('user_id', '=', (await findUserByEmail(family))!.user.id).executeTakeFirstOrThrow()
    expect(await confirmEmailWithToken(link.token_hash, link.user_id)).toBe('confirmed')
    expect(await createAccount({ name: 'Lou Later', email: unproven, password: 'secret123' })).toBe('created')
    for (const n of [1, 2]) expect(await createAccount({ name: 'A Stranger', email: `signed-up-${n}-${engine}@example.net`, password: 'guess-123' })).toBe('created')
    const resetLinksTo = async (address: string) => (await db.selectFrom('mail_queue').select('subject').where('recipient', '=', address).execute()).filter((row) => row.subject === 'Reset your Brightwell Tutoring password').length
    for (const address of [family, unproven]) {
      expect((await forgot.action({ request: new Request('http://localhost/forgot-password', { method: 'POST', body: new URLSearchParams({ email: address }) }), params: {}, context: {} })).status).toBe(200)
    }
    expect([await resetLinksTo(family), await resetLinksTo(unproven)]).toEqual([1, 0])
  }, 15_000)

  // Whoever knows a family's password could change it and the address with the family told nothing,
  // once strangers had used up what notices the address may be sent (three free sign-ups with it), or
  // the site (one client's password changes on accounts of its own).
  test("a family is told its password was changed and its address is moving, whatever strangers have used up", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    vi.stubEnv('MAIL_CEILING_PER_HOUR', '4')
    const { createAccount } = await import('~/accounts/accounts.server')
    const { changePassword, requestAddressChange } = await import('~/accounts/own-account.server')
    const { confirmEmailWithToken, findUserByEmail, insertUser } = await import('~/db/accounts.server')
    const { getDb } = await import('~/db/database.server')
    const family = `alerted-${engine}@example.com`
    expect(await createAccount({ name: 'Jo Family', email: family, password: 'secret123' })).toBe('created')
    const db = await getDb()
    const link = await db.selectFrom('email_confirmations').select(['token_hash', 'user_id']).executeTakeFirstOrThrow()
    expect(await confirmEmailWithToken(link.token_hash, link.user_id)).toBe('confirmed')
    // Three sign-ups with the family's address spend its 3 notices of others' attempts.
    for (let attempt = 1; attempt <= 3; attempt++) expect(await createAccount({ name: 'A Stranger', email: family, password: 'guess-123' })).toBe('taken')
    // Accounts of a stranger's own, never proven, each changing its password: the site's 4 alerts spent.
    for (const n of [1, 2, 3, 4]) {
      const email = `own-${n}-${engine}@example.com`
      await insertUser({ name: 'A Stranger', email, passwordHash: 'x' })
      await changePassword((await findUserByEmail(email))!.user, 'changed-1', 'no-session')
    }
    expect(await db.selectFrom('mail_queue').select('id').where('recipient', 'like', 'own-%').execute()).toHaveLength(4)
    const { user } = (await findUserByEmail(family))!
    await changePassword(user, 'intruder-1', 'no-session')
    expect(await requestAddressChange(user, `intruder-${engine}@evil.test`)).toBe(true)
    const subjects = (await db.selectFrom('mail_queue').select('subject').where('recipient', '=', family).execute()).map((row) => row.subject)
    expect(subjects).toContain('Your Brightwell Tutoring password was changed')
    expect(subjects).toContain("Your Brightwell Tutoring account's email address is changing")
  })

  /** A family's account at `family`, its address proven, and a stranger's account, not proven, at a tag of it (`ann+m@` for `ann@`: the same inbox). */
  async function familyAndStrangerAtItsTag(family: string) {
    const { createAccount } = await import('~/accounts/accounts.server')
    const { confirmEmailWithToken, findUserByEmail } = await import('~/db/accounts.server')
    const { getDb } = await import('~/db/database.server')
    expect(await createAccount({ name: 'Mo Family', email: family, password: 'secret123' })).toBe('created')
    const { user } = (await findUserByEmail(family))!
    const link = await (await getDb()).selectFrom('email_confirmations').select(['token_hash', 'user_id']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
    expect(await confirmEmailWithToken(link.token_hash, link.user_id)).toBe('confirmed')
    const tagged = family.replace('@', '+m@')
    expect(await createAccount({ name: 'A Stranger', email: tagged, password: 'guess-123' })).toBe('created')
    return { family, tagged }
  }

  // A tag reaches the same inbox (ann+m@ is ann@), so an account a stranger opens with one, and whose
  // password it changes, alerts the family's inbox: those alerts counted against the family's own 3,
  // and then an intruder with the family's password moved the account with the family told nothing.
  test("alerts a stranger causes at a tag of a family's address leave the family's own alerts to be sent", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const { changePassword, requestAddressChange } = await import('~/accounts/own-account.server')
    const { findUserByEmail } = await import('~/db/accounts.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const { family, tagged } = await familyAndStrangerAtItsTag(`tagged-alerts-${engine}@example.com`)
    for (const attempt of [1, 2, 3]) await changePassword((await findUserByEmail(tagged))!.user, `changed-${attempt}`, 'no-session')
    const proven = (await findUserByEmail(family))!.user
    await changePassword(proven, 'intruder-1', 'no-session')
    expect(await requestAddressChange(proven, `intruder-${engine}@evil.test`)).toBe(true)
    const subjects = (await db.selectFrom('mail_queue').select('subject').where('recipient', '=', family).execute()).map((row) => row.subject)
    expect(subjects).toContain('Your Brightwell Tutoring password was changed')
    expect(subjects).toContain("Your Brightwell Tutoring account's email address is changing")
  })

  // The same at /forgot-password: resets asked for a stranger's account at a tag of the family's
  // address (it reaches the family's inbox) spent the mailbox's links, and the family's own was refused.
  test("resets a stranger asks for its account at a tag of a family's address leave the family's own reset to be sent", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const forgot = await import('~/routes/forgot-password/forgot-password.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const { family, tagged } = await familyAndStrangerAtItsTag(`tagged-resets-${engine}@example.com`)
    const askReset = (email: string) => forgot.action({ request: new Request('http://localhost/forgot-password', { method: 'POST', body: new URLSearchParams({ email }) }), params: {}, context: {} })
    for (const attempt of [1, 2, 3]) expect((await askReset(tagged)).status, `reset ${attempt}`).toBe(200)
    expect((await askReset(family)).status).toBe(200)
    const resetLinks = await db.selectFrom('mail_queue').select('subject').where('recipient', '=', family).where('subject', '=', 'Reset your Brightwell Tutoring password').execute()
    expect(resetLinks).toHaveLength(1)
  })

  // With the site's notices of addresses in use spent, a move to a taken address was refused and a
  // move to a free one was not: an account could tell which addresses have accounts, their owners told nothing.
  test("asking to move an account answers alike for a taken and a free address when the site's notices are spent", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    vi.stubEnv('MAIL_CEILING_PER_HOUR', '2')
    const { createAccount } = await import('~/accounts/accounts.server')
    const { taken, free } = await moveProbe(engine)
    // Two sign-ups with the taken address spend the site's 2 notices of addresses in use.
    for (const attempt of [1, 2]) expect(await createAccount({ name: `A Stranger ${attempt}`, email: taken, password: 'guess-123' })).toBe('taken')
    const [toTaken, toFree] = await askToMoveTo(engine, [taken, free])
    expect(toTaken).toBe(toFree)
  })

  // A move to a taken address spends its notices, and to a free one its links, which anyone can
  // spend with /forgot-password: three resets asked for, and the answer to a move told the two apart.
  test("asking to move an account answers alike for a taken and a free address when the address's own links are spent", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const { mayMailVisitor } = await import('~/mail/mail.server')
    const { taken, free } = await moveProbe(engine)
    // What /forgot-password does for any address, known or not.
    for (const address of [taken, free]) for (const attempt of [1, 2, 3]) expect(await mayMailVisitor(address, 'account link'), `reset ${attempt}`).toBe(true)
    const [toTaken, toFree] = await askToMoveTo(engine, [taken, free])
    expect(toTaken).toBe(toFree)
  })

  // The box sends nothing to an address already on the list, so its acknowledgements were left
  // unspent, and a lesson request naming it, refused or not, told whether it was subscribed.
  test('the newsletter box spends an address\'s acknowledgements alike whether or not it is already on the list', async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const { action } = await import('~/routes/newsletter')
    const { confirmSubscription, subscribeToNewsletter } = await import('~/db/newsletter.server')
    const { mayMailVisitor } = await import('~/mail/mail.server')
    const [subscriber, stranger] = [`subscriber-${engine}@example.com`, `stranger-${engine}@example.com`]
    await confirmSubscription((await subscribeToNewsletter(subscriber))!)
    const post = (email: string) =>
      new Request('http://localhost/newsletter', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, redirectTo: '/' }) })
    for (const email of [subscriber, stranger]) for (const attempt of [1, 2, 3]) expect((await action({ request: post(email), params: {}, context: {} })).status, `post ${attempt}`).toBe(302)
    expect(await mayMailVisitor(subscriber, 'acknowledgement')).toBe(await mayMailVisitor(stranger, 'acknowledgement'))
  })

  test("a class place says whether its details were e-mailed, and promises a joining link 'the day before' only when there is one", async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const { action } = await import('~/routes/contact/contact.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { getTimetable } = await import('~/classes/timetable.server')
    const { reserveClassPlace } = await import('~/classes/places.server')
    const { NOTICES } = await import('~/messages/notices')
    const [spent, sameDay, ahead] = ['spent', 'same-day', 'ahead'].map((name) => `class-${name}-${engine}@example.com`) as [string, string, string]
    const holders = await Promise.all([spent, sameDay, ahead].map(async (email) => ({ id: (await insertUser({ name: 'A Family', email, passwordHash: 'x' }))!, email })))
    for (let attempt = 1; attempt <= 3; attempt++) await action({ request: contactPost(spent, attempt), params: {}, context: {} })
    const session = (await getTimetable({}, new Date()))[0]!
    const start = new Date(session.start)
    const [onTheDay, daysBefore] = [new Date(start.getTime() - 60_000), new Date(start.getTime() - 3 * 24 * 60 * 60_000)]
    const reserve = (holder: { id: number; email: string }, now: Date) => reserveClassPlace({ session: session.key, name: 'A Family', yearGroup: 'Year 5' }, holder, now)

    const unmailed = await reserve(holders[0]!, onTheDay)
    expect(unmailed).toMatchObject({ reserved: true })
    expect(unmailed.reserved && unmailed.confirmation).not.toContain('We have emailed you the details')
    expect(unmailed.reserved && unmailed.confirmation).toContain(NOTICES.classPlaceNotMailed)
    expect(await reserve(holders[1]!, onTheDay)).toMatchObject({ confirmation: expect.stringContaining('We have emailed you the details') })
    expect(await reserve(holders[2]!, daysBefore)).toMatchObject({ confirmation: expect.stringContaining('We have emailed you the details') })
    await vi.waitFor(() => expect(smtp.to(sameDay).length + smtp.to(ahead).length).toBe(2), { timeout: 5000 })
    expect(smtp.to(spent)).toHaveLength(3)
    expect(smtp.to(sameDay)[0]!.text).not.toContain('the day before')
    expect(smtp.to(sameDay)[0]!.text).toContain('We will email the joining link before the class starts.')
    expect(smtp.to(ahead)[0]!.text).toContain('We will email the joining link the day before.')
  })

  test('a safeguarding concern goes to the Designated Safeguarding Lead, apart from the office, and is not held back by a flood of other messages', async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    vi.stubEnv('MAIL_CEILING_PER_HOUR', '1')
    const { action } = await import('~/routes/contact/contact.server')
    const { SITE } = await import('~/site')
    const post = (subject: string, email: string) =>
      action({ request: new Request('http://localhost/contact', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ name: 'Sam Parent', email, subject, message: 'A worry about a lesson.' }) }), params: {}, context: {} })
    const [first, second, concerned] = ['first', 'second', 'concerned'].map((name) => `dsl-${name}-${engine}@example.com`) as [string, string, string]
    // The office's notices have had their hour (a ceiling of 1 here): the second message's is held back.
    expect((await post('General question', first)).status).toBe(200)
    expect((await post('General question', second)).status).toBe(200)
    expect((await post('Safeguarding concern', concerned)).status).toBe(200)
    const toTheLead = () => smtp.to(SITE.safeguardingEmail).filter((message) => [first, second, concerned].includes(message.header('Reply-To')!))
    await vi.waitFor(() => expect(toTheLead().map((message) => message.header('Reply-To'))).toEqual([concerned]), { timeout: 5000 })
    expect(toTheLead()[0]!.header('Subject')).toBe('New message: Safeguarding concern, from Sam Parent')
    expect(smtp.to(OFFICE).map((message) => message.header('Reply-To'))).not.toContain(concerned)
  }, 15_000)

  test('the limit is per address: a second address still gets its acknowledgement', async () => {
    vi.stubEnv('SMTP_URL', smtp.url)
    const { action } = await import('~/routes/contact/contact.server')
    const [first, second] = [`first-${engine}@example.com`, `second-${engine}@example.com`]
    for (let attempt = 1; attempt <= 4; attempt++) await action({ request: contactPost(first, attempt), params: {}, context: {} })
    await action({ request: contactPost(second, 1), params: {}, context: {} })
    await vi.waitFor(() => expect(smtp.to(second)).toHaveLength(1), { timeout: 5000 })
    await vi.waitFor(() => expect(smtp.to(first)).toHaveLength(3), { timeout: 5000 })
  })
})
