// A lesson request names an address: until its owner proves it (by the link e-mailed to it, or by
// sending the request signed in to the account that proved it), no tutor or office sees the request
// and nothing but that one link goes to the address.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import { describe, expect, test, vi } from 'vitest'

import { parseMailMessage } from '../tools/mail-message'

import { ENGINES, withFreshDatabase } from './fresh-database'

const TUTOR = 'amelia-hart'
const OFFICE = 'office@brightwelltutoring.co.uk'

describe.each(ENGINES)('on %s', (engine) => {
  const data = withFreshDatabase(`lesson-request-proof-${engine}`, { SITE_URL: 'https://brightwell.test', OFFICE_EMAIL: OFFICE }, engine)

  /** The token of the link e-mailed to `email`, once the sender has written the e-mail to the outbox. */
  async function linkTokenTo(email: string) {
    let token: string | undefined
    await vi.waitFor(async () => {
      for (const file of await readdir(data.outboxDir).catch(() => [])) {
        const mail = parseMailMessage(await readFile(path.join(data.outboxDir, file), 'utf8'))
        if (mail.header('To') === email) token = /confirm-lesson-request\?token=([\w-]{43})/.exec(mail.text)?.[1]
      }
      expect(token).toBeDefined()
    })
    return token!
  }

  /** The text of the e-mail to `email`, once the sender has written it to the outbox. */
  async function mailTextTo(email: string) {
    let text: string | undefined
    await vi.waitFor(async () => {
      for (const file of await readdir(data.outboxDir).catch(() => [])) {
        const mail = parseMailMessage(await readFile(path.join(data.outboxDir, file), 'utf8'))
        if (mail.header('To') === email) text = mail.text
      }
      expect(text).toBeDefined()
    })
    return text!
  }

  async function freeSlot() {
    const { freeSlotsThisWeek, getTutor } = await import('~/tutors/catalogue.server')
    const now = new Date()
    const slots = freeSlotsThisWeek(await getTutor(TUTOR, now), now)
    // One well ahead, so no test runs into its start.
    return slots.find((slot) => slot.start.getTime() > now.getTime() + 26 * 3_600_000)!.start.toISOString()
  }

  async function requestLesson(form: Record<string, string>, cookie?: string) {
    const { action } = await import('~/routes/tutors.$id/tutor-profile.server')
    const request = new Request(`http://localhost/tutors/${TUTOR}`, { method: 'POST', body: new URLSearchParams(form), headers: cookie ? { Cookie: cookie } : {} })
    const response = await action({ request, params: { id: TUTOR }, context: {} })
    return { status: response.status, data: (await response.json()) as { confirmation?: string; formError?: string } }
  }

  async function queued() {
    const { getDb } = await import('~/db/database.server')
    return (await getDb()).selectFrom('mail_queue').select(['recipient', 'subject']).orderBy('id').execute()
  }

  async function lessonRequests() {
    const { getDb } = await import('~/db/database.server')
    return (await getDb()).selectFrom('lesson_requests').select(['name', 'email', 'status', 'user_id']).execute()
  }

  test("a signed-out request waits for its address: no tutor or office sees it, and the address gets only the link, until the link's page sends it", async () => {
    const slot = await freeSlot()
    const answer = await requestLesson({ slot, name: 'Vic Tim', email: 'vic@example.com', message: 'Please call me' })
    expect(answer.status).toBe(200)
    expect(answer.data.confirmation).toContain('vic@example.com')
    expect(await lessonRequests()).toEqual([])
    const mails = await queued()
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([['vic@example.com', expect.stringMatching(/^Confirm your lesson request: Dr Amelia Hart, /)]])
    const token = await linkTokenTo('vic@example.com')

    const page = await import('~/routes/confirm-lesson-request/confirm-lesson-request.server')
    // Opening the link, as a mail scanner does, sends nothing.
    const opened = await page.loader({ request: new Request(`http://localhost/confirm-lesson-request?token=${token}`), params: {}, context: {} })
    expect(await opened.json()).toMatchObject({ request: { name: 'Vic Tim', tutorName: 'Dr Amelia Hart' } })
    expect(await lessonRequests()).toEqual([])

    const confirm = () => page.action({ request: new Request('http://localhost/confirm-lesson-request', { method: 'POST', body: new URLSearchParams({ token }) }), params: {}, context: {} })
    const confirmed = await confirm()
    expect(confirmed.status).toBe(200)
    expect(((await confirmed.json()) as { sent?: string }).sent).toMatch(/^Thank you, Vic Tim\. Your request for .+ with Dr Amelia Hart has been sent\./)
    expect(await lessonRequests()).toEqual([{ name: 'Vic Tim', email: 'vic@example.com', status: 'requested', user_id: null }])
    expect((await queued()).map((mail) => mail.recipient)).toEqual(['vic@example.com', OFFICE])
    // Dr Amelia Hart has no account here: the office is told it alone can answer.
    expect(await mailTextTo(OFFICE)).toContain('Dr Amelia Hart has no account yet, so only the office can answer it.')
    // The link works once.
    expect((await confirm()).status).toBe(400)
    expect(await lessonRequests()).toHaveLength(1)
    // The first test of the file loads the site's modules and content.
  }, 15_000)

  test('a request sent signed in to an account that proved the address it names goes straight to the tutor; any other waits for its link', async () => {
    const { insertUser } = await import('~/db/accounts.server')
    const { createSession } = await import('~/accounts/session.server')
    const { getDb } = await import('~/db/database.server')
    const id = (await insertUser({ name: 'Ann Family', email: 'ann@example.com', passwordHash: 'x' }))!
    const cookie = (await createSession(id, false)).split(';')[0]!
    const slot = await freeSlot()

    // Not proven yet: it waits, even with the account's own address.
    await requestLesson({ slot, name: 'Ann Family', email: 'ann@example.com', message: '' }, cookie)
    expect(await lessonRequests()).toEqual([])

    await (await getDb()).updateTable('users').set({ email_confirmed_at: new Date().toISOString() }).where('id', '=', id).execute()
    const answer = await requestLesson({ slot, name: 'Ann Family', email: 'ANN@example.com', message: '' }, cookie)
    expect(answer.data.confirmation).toMatch(/has been sent/)
    expect(await lessonRequests()).toEqual([{ name: 'Ann Family', email: 'ANN@example.com', status: 'requested', user_id: id }])

    // Another address typed while signed in is not the account's to vouch for.
    await requestLesson({ slot, name: 'Ann Family', email: 'someone.else@example.com', message: '' }, cookie)
    expect(await lessonRequests()).toHaveLength(1)
  })

  test('once the address has had its e-mails for the hour, a request says the link could not be sent, and keeps nothing', async () => {
    const { getDb } = await import('~/db/database.server')
    const slot = await freeSlot()
    for (let sent = 0; sent < 3; sent++) expect((await requestLesson({ slot, name: 'Vic Tim', email: 'vic@example.com', message: '' })).status).toBe(200)
    const refused = await requestLesson({ slot, name: 'Vic Tim', email: 'vic@example.com', message: '' })
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({ formError: expect.stringMatching(/^We can't send this address any more e-mails this hour/) })
    expect(await (await getDb()).selectFrom('unproven_lesson_requests').select('id').execute()).toHaveLength(3)
    expect(await queued()).toHaveLength(3)
  })

  test('a waiting request is kept while its time is to come, and goes once it has passed', async () => {
    const { getDb } = await import('~/db/database.server')
    const { deleteExpiredRecords } = await import('~/db/retention.server')
    const slot = await freeSlot()
    await requestLesson({ slot, name: 'Vic Tim', email: 'vic@example.com', message: '' })
    const db = await getDb()
    const waiting = () => db.selectFrom('unproven_lesson_requests').select('email').execute()
    await deleteExpiredRecords(Date.now() + 60_000)
    expect(await waiting()).toHaveLength(1)
    await deleteExpiredRecords(Date.parse(slot) + 60_000)
    expect(await waiting()).toEqual([])
  })

  test('a waiting request is in the copy of the account that sent it, and goes with the account', async () => {
    const { insertUser } = await import('~/db/accounts.server')
    const { createSession } = await import('~/accounts/session.server')
    const { recordsOfAccount, deleteAccountRecords } = await import('~/db/account-records.server')
    const { getDb } = await import('~/db/database.server')
    const { saveLearnerProfile } = await import('~/db/learner-profiles.server')
    const id = (await insertUser({ name: 'Ann Family', email: 'ann@example.com', passwordHash: 'x' }))!
    const learner = { learnerName: 'Theo', level: 'IGCSE', subjects: ['Physics'], goals: 'Grade 8' }
    await saveLearnerProfile(id, learner)
    await requestLesson({ slot: await freeSlot(), name: 'Ann Family', email: 'ann@example.com', message: 'Physics' }, (await createSession(id, false)).split(';')[0]!)
    expect((await recordsOfAccount(id))?.lessonRequestsAwaitingConfirmation).toEqual([expect.objectContaining({ tutorId: TUTOR, name: 'Ann Family', message: 'Physics', learner })])
    await deleteAccountRecords(id)
    expect(await (await getDb()).selectFrom('unproven_lesson_requests').select('id').execute()).toEqual([])
  })

  test('a link whose time another lesson has taken sends nothing, and says to choose another time', async () => {
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { forgetCatalogueChanges } = await import('~/tutors/catalogue.server')
    const { getDb } = await import('~/db/database.server')
    const slot = await freeSlot()
    await requestLesson({ slot, name: 'Vic Tim', email: 'vic@example.com', message: '' })
    const token = await linkTokenTo('vic@example.com')
    const taken = await saveLessonRequest({ tutorId: TUTOR, slotStart: slot, name: 'Bea', email: 'bea@example.com', message: '', userId: null })
    await (await getDb()).updateTable('lesson_requests').set({ status: 'confirmed' }).where('id', '=', taken).execute()
    forgetCatalogueChanges()
    const { action } = await import('~/routes/confirm-lesson-request/confirm-lesson-request.server')
    const answer = await action({ request: new Request('http://localhost/confirm-lesson-request', { method: 'POST', body: new URLSearchParams({ token }) }), params: {}, context: {} })
    expect(answer.status).toBe(409)
    expect(await answer.json()).toEqual({ slotGone: { tutorId: TUTOR, tutorName: 'Dr Amelia Hart' } })
    expect(await lessonRequests()).toEqual([expect.objectContaining({ name: 'Bea' })])
  })

  // A request sent signed in for another address waits for that address's link, under the account's
  // name: proving it once wrote `user_id IS 3` on PostgreSQL, a syntax error, and the link's page failed.
  test('a request sent signed in for another address is sent when that address follows its link', async () => {
    const { insertUser } = await import('~/db/accounts.server')
    const { createSession } = await import('~/accounts/session.server')
    const { getDb } = await import('~/db/database.server')
    const id = (await insertUser({ name: 'Ann Family', email: 'ann@example.com', passwordHash: 'x' }))!
    const cookie = (await createSession(id, false)).split(';')[0]!
    expect((await requestLesson({ slot: await freeSlot(), name: 'Ann Family', email: 'grandma@example.com', message: '' }, cookie)).status).toBe(200)
    expect(await (await getDb()).selectFrom('unproven_lesson_requests').select('user_id').execute()).toEqual([{ user_id: id }])
    const page = await import('~/routes/confirm-lesson-request/confirm-lesson-request.server')
    const body = new URLSearchParams({ token: await linkTokenTo('grandma@example.com') })
    const confirmed = await page.action({ request: new Request('http://localhost/confirm-lesson-request', { method: 'POST', body }), params: {}, context: {} })
    expect(confirmed.status).toBe(200)
    expect(await (await getDb()).selectFrom('lesson_requests').select(['email', 'user_id']).execute()).toEqual([{ email: 'grandma@example.com', user_id: id }])
  }, 30_000)
})
