// The guarantees that must hold with several app processes on one database, on both
// engines: each racer below is a process of its own (fixtures/in-another-process.ts) using
// the app's modules, started together, as two app servers behind a load balancer would be.
import { spawn } from 'node:child_process'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'

import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'

import { startSmtpReceiver } from '../tools/smtp-receiver'

import { ENGINES, withFreshDatabase } from './fresh-database'

type Racer = { action: string; input: unknown }

// The racer is bundled once, as `npm run build` bundles the staff command, and each racer runs it
// with plain Node: started through vite-node, every racer took a second of CPU to transform the
// app's modules again, about half of this file's time.
const RACER = path.resolve(`node_modules/.cache/brightwell-tests/racer-${process.pid}.mjs`)

beforeAll(async () => {
  await mkdir(path.dirname(RACER), { recursive: true })
  await build({
    entryPoints: ['tests/unit/fixtures/in-another-process.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    alias: { '~': './app' },
    outfile: RACER,
    logLevel: 'warning',
  })
})

afterAll(() => rm(RACER, { force: true }))

/** Starts one process per racer, waits until all have opened the database, then lets them go at once. */
async function inOtherProcesses(databaseEnv: Record<string, string>, racers: Racer[]): Promise<unknown[]> {
  const children = racers.map(({ action, input }) => {
    const child = spawn(process.execPath, [RACER], {
      env: { ...process.env, DATABASE_URL: '', ...databaseEnv, ACTION: action, INPUT: JSON.stringify(input) },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    const lines = createInterface({ input: child.stdout! })
    const ready = new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => line === 'ready' && resolve())
      child.once('exit', (code) => reject(new Error(`${action} exited with ${code} before it was ready`)))
    })
    const result = new Promise<unknown>((resolve, reject) => {
      lines.on('line', (line) => {
        if (line.startsWith('{"result"')) resolve((JSON.parse(line) as { result: unknown }).result)
      })
      child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`${action} exited with ${code}`))))
    })
    return { child, ready, result }
  })
  await Promise.all(children.map(({ ready }) => ready))
  for (const { child } of children) child.stdin!.write('go\n')
  return Promise.all(children.map(({ result }) => result))
}

describe.each(ENGINES)('on %s, with several app processes', (engine) => {
  const data = withFreshDatabase(`fleet-${engine}`, {}, engine)

  const place = (email: string) => ({
    classId: 'phonics-small-group',
    sessionDate: '2026-11-27',
    sessionStart: '2026-11-27T16:00:00.000Z',
    capacity: 3,
    name: 'Racer',
    email,
    yearGroup: 'Year 1',
  })

  test('app processes starting at once on a new database: each finds it migrated, none fails', async () => {
    const racers = Array.from({ length: 4 }, () => ({ action: 'openNewDatabase', input: {} }))
    expect(await inOtherProcesses(data.databaseEnv, racers)).toEqual(['open', 'open', 'open', 'open'])
    const { getDb } = await import('~/db/database.server')
    const applied = await (await getDb()).selectFrom('kysely_migration' as never).select('name' as never).execute()
    expect(applied.length).toBeGreaterThan(5)
  }, 60_000)

  test('families racing for the last place in a class: exactly one gets it, session after session', async () => {
    const { placesTaken, reservePlace } = await import('~/db/class-places.server')
    const dates = ['2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18', '2027-01-08']
    for (const sessionDate of dates) {
      for (const email of ['first@example.com', 'second@example.com']) expect((await reservePlace({ ...place(email), sessionDate })).outcome).toBe('reserved')
    }
    const racers = ['a', 'b', 'c', 'd'].map((name) => ({
      action: 'reservePlaces',
      input: dates.map((sessionDate) => ({ ...place(`racer-${name}@example.com`), sessionDate })),
    }))
    const outcomes = (await inOtherProcesses(data.databaseEnv, racers)) as string[][]
    dates.forEach((date, index) => expect(outcomes.map((racer) => racer[index]).sort(), date).toEqual(['full', 'full', 'full', 'reserved']))
    const taken = await placesTaken('2026-11-27')
    for (const date of dates) expect(taken.find((session) => session.classId === 'phonics-small-group' && session.date === date)?.taken, date).toBe(3)
  }, 60_000)

  test("a lesson request's link followed from two processes at once sends the request once", async () => {
    const { saveUnprovenLessonRequest } = await import('~/db/lessons.server')
    const { getDb } = await import('~/db/database.server')
    const request = { tutorId: 'amelia-hart', slotStart: '2099-01-05T10:00:00.000Z', name: 'Vic Tim', email: 'vic@example.com', message: '', userId: null }
    const link = { message: { to: 'vic@example.com', subject: 'Confirm', text: 'link' }, what: 'the link' }
    expect(await saveUnprovenLessonRequest(request, 't'.repeat(64), link)).toBe('waiting')
    const outcomes = await inOtherProcesses(data.databaseEnv, [
      { action: 'proveLessonRequest', input: { tokenHash: 't'.repeat(64) } },
      { action: 'proveLessonRequest', input: { tokenHash: 't'.repeat(64) } },
    ])
    expect(outcomes.filter((outcome) => outcome !== null)).toHaveLength(1)
    expect(await (await getDb()).selectFrom('lesson_requests').select('name').execute()).toEqual([{ name: 'Vic Tim' }])
  }, 60_000)

  test('a password-reset link used from two processes at once works once', async () => {
    const { createAccount, createPasswordResetToken, verifyLogin } = await import('~/accounts/accounts.server')
    await createAccount({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret1' })
    const reset = (await createPasswordResetToken('ann@example.com'))!
    const outcomes = await inOtherProcesses(data.databaseEnv, [
      { action: 'resetPassword', input: { token: reset.token, password: 'from-one' } },
      { action: 'resetPassword', input: { token: reset.token, password: 'from-two' } },
    ])
    expect(outcomes.filter((outcome) => outcome !== null)).toEqual(['ann@example.com'])
    const winner = outcomes[0] !== null ? 'from-one' : 'from-two'
    const signedIn = await Promise.all(['from-one', 'from-two'].map((password) => verifyLogin('ann@example.com', password)))
    expect(signedIn.filter(Boolean)).toHaveLength(1)
    expect(await verifyLogin('ann@example.com', winner)).not.toBeNull()
  }, 60_000)

  test('two invitations for one catalogue tutor sent at once, from two processes, leave one link usable; both followed at once make one account', async () => {
    const { getDb } = await import('~/db/database.server')
    await inOtherProcesses(data.databaseEnv, [
      { action: 'invite', input: { tokenHash: 'first', tutorId: 'amelia-hart', email: 'amelia@example.com' } },
      { action: 'invite', input: { tokenHash: 'second', tutorId: 'amelia-hart', email: 'amelia.other@example.com' } },
    ])
    expect(await (await getDb()).selectFrom('tutor_invitations').select('token_hash').where('used_at', 'is', null).execute()).toHaveLength(1)
    const outcomes = await inOtherProcesses(data.databaseEnv, [
      { action: 'acceptInvitation', input: { tokenHash: 'first', name: 'Amelia Hart' } },
      { action: 'acceptInvitation', input: { tokenHash: 'second', name: 'Amelia Again' } },
    ])
    expect([...outcomes].sort()).toEqual(['created', 'invalid'])
    expect(await (await getDb()).selectFrom('users').select('tutor_id').where('tutor_id', '=', 'amelia-hart').execute()).toHaveLength(1)
  }, 60_000)

  test('login throttling counts the attempts of every process: 5 per e-mail across the fleet', async () => {
    const { recordAttemptUnlessThrottled, THROTTLE_LIMITS } = await import('~/db/throttle.server')
    const key = 'email:ann@example.com'
    for (let attempt = 0; attempt < 2; attempt++) expect(await recordAttemptUnlessThrottled([[key, THROTTLE_LIMITS.loginPerEmail]])).not.toBeNull()
    const outcomes = await inOtherProcesses(data.databaseEnv, Array.from({ length: 5 }, () => ({ action: 'recordLoginAttempt', input: { key } })))
    expect(outcomes.filter((outcome) => outcome !== null)).toHaveLength(3)
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(2)
    expect(await recordAttemptUnlessThrottled([[key, THROTTLE_LIMITS.loginPerEmail]])).toBeNull()
    expect(await recordAttemptUnlessThrottled([['email:bob@example.com', THROTTLE_LIMITS.loginPerEmail]])).not.toBeNull()
  }, 60_000)

  test('a session made by one process is honoured by another, and logging out on one ends it on both', async () => {
    const { createAccount, verifyLogin } = await import('~/accounts/accounts.server')
    const { getSessionUser } = await import('~/accounts/session.server')
    await createAccount({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret1' })
    const { user } = (await verifyLogin('ann@example.com', 'secret1'))!
    const [setCookie] = (await inOtherProcesses(data.databaseEnv, [{ action: 'createSession', input: { userId: user.id } }])) as string[]
    const cookie = setCookie!.split(';')[0]!
    const request = () => new Request('http://localhost/dashboard', { headers: { Cookie: cookie } })
    expect(await getSessionUser(request())).toMatchObject({ email: 'ann@example.com' })
    await inOtherProcesses(data.databaseEnv, [{ action: 'destroySession', input: { cookie } }])
    expect(await getSessionUser(request())).toBeNull()
  }, 60_000)

  test('newsletter addresses are unique whatever their case, whichever process subscribes', async () => {
    const { subscribeToNewsletter } = await import('~/db/newsletter.server')
    const token = await subscribeToNewsletter('Ann@Example.com')
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    // Still waiting for its owner: the other process finds the same row and gives its link again.
    const [again] = await inOtherProcesses(data.databaseEnv, [{ action: 'subscribe', input: { email: 'ann@EXAMPLE.COM' } }])
    expect(again).toBe(token)
    const { getDb } = await import('~/db/database.server')
    const rows = await (await getDb()).selectFrom('newsletter_subscribers').select('email').execute()
    expect(rows).toEqual([{ email: 'ann@example.com' }])
  }, 60_000)

  /** A tutor's account, a family's with a proven address, and a request of the family's for a lesson three days ahead. */
  async function lessonRequested() {
    const { insertUser } = await import('~/db/accounts.server')
    const { getDb } = await import('~/db/database.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const tutorUserId = (await insertUser({ name: 'Dr Amelia Hart', email: 'amelia@example.com', passwordHash: 'x', tutorId: 'amelia-hart' }))!
    const familyId = (await insertUser({ name: 'Ann Family', email: 'ann@example.com', passwordHash: 'x' }))!
    await (await getDb()).updateTable('users').set({ email_confirmed_at: new Date().toISOString() }).where('id', '=', familyId).execute()
    const slot = new Date(Date.now() + 72 * 60 * 60_000)
    slot.setUTCMinutes(0, 0, 0)
    const id = (await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: slot.toISOString(), name: 'Ann Family', email: 'ann@example.com', message: '', userId: familyId }))!
    return {
      id,
      family: { role: 'family', userId: familyId, name: 'Ann Family', email: 'ann@example.com' },
      tutor: { role: 'tutor', userId: tutorUserId, name: 'Dr Amelia Hart', tutorId: 'amelia-hart' },
    } as const
  }

  /** What a lesson request's history says happened, and the e-mails queued about it (office.server.ts and the queue read as the office does). */
  async function recordOf(id: number) {
    const { historyOf } = await import('~/db/office.server')
    const { getDb } = await import('~/db/database.server')
    const mails = await (await getDb()).selectFrom('mail_queue').select('what').orderBy('id').execute()
    return { history: (await historyOf('lesson_request', id)).map((line) => line.action), mails: mails.map((mail) => mail.what).sort() }
  }

  test('a family withdrawing a request while its tutor confirms it, each from a process of its own: exactly one of the two happens', async () => {
    const { id, family, tutor } = await lessonRequested()
    const at = new Date().toISOString()
    const [confirmed, withdrawn] = (await inOtherProcesses(data.databaseEnv, [
      { action: 'answerLessonRequest', input: { id, decision: 'confirmed', by: tutor, at } },
      { action: 'cancelLesson', input: { id, canceller: family, shown: 'family-request', at } },
    ])) as Array<{ done: boolean; reason?: string }>
    expect([confirmed!.done, withdrawn!.done].sort()).toEqual([false, true])
    const { getLessonRequest } = await import('~/db/lessons.server')
    const record = await recordOf(id)
    if (confirmed!.done) {
      // Confirmed first: the family was shown a withdrawal, and a confirmed lesson is no longer one.
      expect(withdrawn).toEqual({ done: false, reason: 'terms-changed' })
      expect((await getLessonRequest(id))?.status).toBe('confirmed')
      expect(record).toEqual({ history: ['confirmed'], mails: ['a lesson decision', 'the office notice of a tutor decision', 'the tutor notice of a confirmed lesson'] })
    } else {
      expect(confirmed).toEqual({ done: false, reason: 'already-answered' })
      expect((await getLessonRequest(id))?.status).toBe('cancelled')
      expect(record).toEqual({ history: ['request withdrawn by the family'], mails: ['the office notice of a cancelled lesson', 'the tutor notice of a cancelled lesson'] })
    }
  }, 60_000)

  test('a lesson cancelled by its family and by its tutor at once, from two processes: cancelled once, with one set of e-mails', async () => {
    const { id, family, tutor } = await lessonRequested()
    const { answerLessonRequest } = await import('~/lessons/decisions.server')
    expect((await answerLessonRequest(id, 'confirmed', tutor)).done).toBe(true)
    const confirmationMails = (await recordOf(id)).mails
    const at = new Date().toISOString()
    const [byFamily, byTutor] = (await inOtherProcesses(data.databaseEnv, [
      { action: 'cancelLesson', input: { id, canceller: family, shown: 'family-in-time', at } },
      { action: 'cancelLesson', input: { id, canceller: tutor, shown: 'tutor', at } },
    ])) as Array<{ done: boolean; reason?: string }>
    expect([byFamily!.done, byTutor!.done].sort()).toEqual([false, true])
    expect([byFamily, byTutor].find((outcome) => !outcome!.done)).toEqual({ done: false, reason: 'not-cancellable' })
    const record = await recordOf(id)
    const cancellationMails = record.mails.filter((what) => what.endsWith('of a cancelled lesson'))
    expect(record.mails).toHaveLength(confirmationMails.length + cancellationMails.length)
    // Whoever cancelled, the family, the office and the tutor are told, once.
    expect(cancellationMails).toEqual(['the family notice of a cancelled lesson', 'the office notice of a cancelled lesson', 'the tutor notice of a cancelled lesson'])
    expect(record.history).toEqual(['confirmed', byFamily!.done ? 'cancelled by the family (refund or credit)' : 'cancelled by the tutor (refund or rebooking)'])
  }, 60_000)

  test('a family deleting its account while its tutor confirms its request, each from a process of its own: the lesson is either never confirmed or confirmed and then cancelled', async () => {
    const { id, family, tutor } = await lessonRequested()
    const [confirmed, deleted] = (await inOtherProcesses(data.databaseEnv, [
      { action: 'answerLessonRequest', input: { id, decision: 'confirmed', by: tutor, at: new Date().toISOString() } },
      { action: 'deleteAccount', input: { userId: family.userId } },
    ])) as Array<{ done: boolean; reason?: string }>
    expect(deleted!.done).toBe(true)
    const { getLessonRequest } = await import('~/db/lessons.server')
    const record = await recordOf(id)
    if (confirmed!.done) {
      // Confirmed first: the deletion cancels the upcoming lesson and tells its tutor, and keeps it without the family.
      expect(await getLessonRequest(id)).toMatchObject({ status: 'cancelled', name: 'Deleted account', email: '' })
      expect(record.history).toEqual(['confirmed', 'cancelled'])
      expect(record.mails).toEqual(expect.arrayContaining(['the tutor notice of a cancelled lesson']))
    } else {
      // Deleted first: a request never confirmed goes with the account, and nothing is confirmed.
      expect(['not-found', 'already-answered']).toContain(confirmed!.reason)
      expect(await getLessonRequest(id)).toBeNull()
      expect(record).toEqual({ history: [], mails: [] })
    }
  }, 60_000)

  test('an app process told to stop (SIGTERM) ends as soon as its requests are done, not when its idle database connections time out', async () => {
    const child = spawn(process.execPath, [RACER], {
      env: { ...process.env, DATABASE_URL: '', ...data.databaseEnv, ACTION: 'serveUntilTerminated', INPUT: '{}' },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    const lines = createInterface({ input: child.stdout! })
    await new Promise<void>((resolve) => lines.on('line', (line) => line === 'ready' && resolve()))
    child.stdin!.write('go\n')
    await new Promise<void>((resolve) => lines.on('line', (line) => line === '{"result":"serving"}' && resolve()))
    const told = Date.now()
    child.kill('SIGTERM')
    // A deployment waits for the old process to end: pg keeps an idle connection for 10 s unless told otherwise.
    expect(await exited).toBe(0)
    expect(Date.now() - told).toBeLessThan(5_000)
  }, 60_000)

  test('an app process killed between storing an e-mail and sending it: the next process to start sends it, once', async () => {
    const smtp = await startSmtpReceiver()
    try {
      vi.stubEnv('SMTP_URL', smtp.url)
      await expect(inOtherProcesses(data.databaseEnv, [{ action: 'queueMailThenDie', input: { to: 'family@example.com' } }])).rejects.toThrow(/exited with null/)
      const { countMail } = await import('~/db/mail-queue.server')
      expect(await countMail()).toEqual({ queued: 1, sent: 0, failed: 0, outdated: 0 })
      expect(smtp.received).toHaveLength(0)
      const [after] = await inOtherProcesses(data.databaseEnv, [{ action: 'startMailSender', input: {} }])
      expect(after).toEqual({ queued: 0, sent: 1, failed: 0, outdated: 0 })
      expect(smtp.to('family@example.com').map((message) => message.header('Subject'))).toEqual(['Queued just before a crash'])
    } finally {
      await smtp.stop()
    }
  }, 60_000)
})
