// An account's end racing the writes that name it, on PostgreSQL (READ COMMITTED, several app
// processes). Each test forces one interleaving of two requests through the real code, holding a lock
// or a row from a second connection (or holding back a request body) so that the other request's step
// lands in the gap, then checks the rule the design records. Each failed before the account's lock
// (`whileAccountExists`): the request, the place or the hours outlived the deleted account, and an
// invitation overwrote an account proven meanwhile, or said it made one it had not.
import pg from 'pg'
import { describe, expect, test, vi } from 'vitest'

import { ACCOUNT_DELETED } from '~/messages/booking'

import { withFreshDatabase } from './fresh-database'

// A login's password check can be paused once it has matched (`pausedLogin`), for a takeover to come
// between the check and the session the login opens.
const pausedLogin = vi.hoisted(() => ({ checked: null as (() => void) | null, resume: null as Promise<void> | null }))
vi.mock('~/accounts/passwords.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/accounts/passwords.server')>()
  return {
    ...actual,
    verifyPassword: async (...args: Parameters<typeof actual.verifyPassword>) => {
      const matches = await actual.verifyPassword(...args)
      pausedLogin.checked?.()
      if (pausedLogin.resume) await pausedLogin.resume
      return matches
    },
  }
})

const TUTOR = 'amelia-hart'
const OFFICE = 'office@brightwelltutoring.co.uk'
const CLIENT = '203.0.113.7'

const engines = process.env.TEST_DATABASE_URL ? (['postgres'] as const) : ([] as const)

describe.skipIf(engines.length === 0)("an account's end and the writes that name it, on postgres", () => {
  const data = withFreshDatabase('account-races', { SITE_URL: 'https://brightwell.test', OFFICE_EMAIL: OFFICE }, 'postgres')

  /** A second connection to the test's schema, as another app process would have. */
  async function otherConnection() {
    const client = new pg.Client({ connectionString: data.databaseEnv.DATABASE_URL })
    await client.connect()
    return client
  }

  /** Holds, in an open transaction of another connection until released, the rows `sqlText` picks (SELECT … FOR UPDATE). */
  async function holdRows(sqlText: string, params: unknown[]) {
    const client = await otherConnection()
    await client.query('BEGIN')
    await client.query(sqlText, params)
    return async () => {
      await client.query('ROLLBACK')
      await client.end()
    }
  }

  /** Holds the named lock (a row of `locks`, as withLock takes it) in an open transaction until released. */
  async function holdNamedLock(key: string) {
    const client = await otherConnection()
    await client.query('BEGIN')
    await client.query('INSERT INTO locks (key) VALUES ($1)', [key])
    return async () => {
      await client.query('ROLLBACK')
      await client.end()
    }
  }

  /** Waits until `count` backends of this database wait on a lock. */
  async function blockedOnLocks(count: number) {
    const client = await otherConnection()
    try {
      await vi.waitFor(
        async () => {
          const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
          expect(rows[0]!.n).toBeGreaterThanOrEqual(count)
        },
        { timeout: 10_000, interval: 20 },
      )
    } finally {
      await client.end()
    }
  }

  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

  async function provenFamily(email = 'ann@example.com') {
    const { insertUser } = await import('~/db/accounts.server')
    const { getDb } = await import('~/db/database.server')
    const { createSession } = await import('~/accounts/session.server')
    const id = (await insertUser({ name: 'Ann Family', email, passwordHash: 'x' }))!
    await (await getDb()).updateTable('users').set({ email_confirmed_at: new Date().toISOString() }).where('id', '=', id).execute()
    return { id, email, cookie: (await createSession(id, false)).split(';')[0]! }
  }

  async function deleteOwnAccount(id: number) {
    const { deleteAccount } = await import('~/accounts/own-account.server')
    const { lessonsOnDeletion } = await import('~/lessons/cancellations.server')
    const now = new Date()
    return deleteAccount({ id }, await lessonsOnDeletion(now), now)
  }

  test('a lesson request sent signed in while its family deletes the account is refused, and nothing of it is kept', async () => {
    const { action } = await import('~/routes/tutors.$id/tutor-profile.server')
    const { fromAddress } = await import('~/http/client-address.server')
    const { freeSlotsThisWeek, getTutor } = await import('~/tutors/catalogue.server')
    const { getDb } = await import('~/db/database.server')
    const family = await provenFamily()
    const now = new Date()
    const slot = freeSlotsThisWeek(await getTutor(TUTOR, now), now).find((free) => free.start.getTime() > now.getTime() + 26 * 3_600_000)!.start.toISOString()

    // Another process is counting this client's posts: the request waits there, past its session check.
    const release = await holdNamedLock(`throttle:client:${CLIENT}:stored post`)
    const body = new URLSearchParams({ slot, name: 'Ann Family', email: family.email, message: 'GCSE physics' })
    const requesting = fromAddress(CLIENT, () =>
      action({ request: new Request(`http://localhost/tutors/${TUTOR}`, { method: 'POST', body, headers: { Cookie: family.cookie } }), params: { id: TUTOR }, context: {} }),
    )
    await blockedOnLocks(1)
    // Meanwhile the family deletes its account (in another tab), which completes.
    expect(await deleteOwnAccount(family.id)).toMatchObject({ done: true })
    await release()
    const answer = await requesting
    expect(answer.status).toBe(409)
    expect(await answer.json()).toMatchObject({ formError: ACCOUNT_DELETED })

    // Deletion: "its lesson requests never confirmed (waiting, ...): deleted". Nothing of Ann may be left.
    const db = await getDb()
    expect(await db.selectFrom('users').select('id').where('id', '=', family.id).execute()).toEqual([])
    const left = await db.selectFrom('lesson_requests').select(['user_id', 'email', 'name', 'status']).execute()
    expect(left).toEqual([])
  }, 30_000)

  test('a class place taken while its family deletes the account is refused, and the seat stays free', async () => {
    const { action } = await import('~/routes/classes/classes.server')
    const { fromAddress } = await import('~/http/client-address.server')
    const { getTimetable } = await import('~/classes/timetable.server')
    const { getDb } = await import('~/db/database.server')
    const family = await provenFamily()
    const session = (await getTimetable({}, new Date()))[0]!

    const release = await holdNamedLock(`throttle:client:${CLIENT}:stored post`)
    const body = new URLSearchParams({ session: session.key, name: 'Ann Family', yearGroup: 'Year 5' })
    const reserving = fromAddress(CLIENT, () => action({ request: new Request('http://localhost/classes', { method: 'POST', body, headers: { Cookie: family.cookie } }), params: {}, context: {} }))
    await blockedOnLocks(1)
    expect(await deleteOwnAccount(family.id)).toMatchObject({ done: true })
    await release()
    const answer = await reserving
    expect(await answer.json()).toMatchObject({ refusal: ACCOUNT_DELETED })

    // Deletion: "its class places: deleted, so an upcoming place is free again".
    const places = await (await getDb()).selectFrom('class_registrations').select(['user_id', 'email', 'name']).execute()
    expect(places).toEqual([])
  }, 30_000)

  test("a tutor's weekly hours saved while the tutor's account is deleted are refused: the catalogue's hours apply", async () => {
    const { action } = await import('~/routes/dashboard/dashboard.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { createSession } = await import('~/accounts/session.server')
    const { getDb } = await import('~/db/database.server')
    const tutorUser = (await insertUser({ name: 'Dr Amelia Hart', email: 'amelia@example.com', passwordHash: 'x', tutorId: TUTOR }))!
    const cookie = (await createSession(tutorUser, false)).split(';')[0]!

    // The save's body arrives slowly (a phone on a poor line): the action has checked the session and waits for it.
    let reading!: () => void
    const bodyWanted = new Promise<void>((resolve) => (reading = resolve))
    let send!: () => void
    const bodyReady = new Promise<void>((resolve) => (send = resolve))
    const encoded = new TextEncoder().encode(new URLSearchParams([['slots', 'Sun 20:00']]).toString())
    let sent = false
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        reading()
        await bodyReady
        if (!sent) {
          sent = true
          controller.enqueue(encoded)
        } else controller.close()
      },
    })
    const request = new Request('http://localhost/dashboard?intent=availability', {
      method: 'POST',
      body: stream,
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit)
    const saving = action({ request, params: {}, context: {} })
    await bodyWanted
    // The tutor deletes the account in another tab: "a tutor's own weekly hours ...: deleted (the catalogue's hours apply)".
    expect(await deleteOwnAccount(tutorUser)).toMatchObject({ done: true })
    send()
    await expect(saving).rejects.toMatchObject({ status: 404 })

    const db = await getDb()
    expect(await db.selectFrom('users').select('id').where('tutor_id', '=', TUTOR).execute()).toEqual([])
    expect(await db.selectFrom('tutor_schedules').select(['tutor_id', 'availability']).execute()).toEqual([])
  }, 30_000)

  test("a tutor's invitation followed while someone signs up with the invited address says the address is taken, and stays usable", async () => {
    const { insertInvitation } = await import('~/db/invitations.server')
    const { acceptTutorInvitation } = await import('~/accounts/invitations.server')
    const { createToken } = await import('~/accounts/tokens.server')
    const { getDb } = await import('~/db/database.server')
    const { token, tokenHash } = createToken()
    await insertInvitation({ tokenHash, tutorId: TUTOR, email: 'amelia@example.com', applicationId: null, by: { userId: 0, name: 'Sam Staff' } })

    // A sign-up with the invited address is being stored by another process (insertUser's INSERT, not yet committed).
    const signUp = await otherConnection()
    await signUp.query('BEGIN')
    await signUp.query("INSERT INTO users (name, email, password_hash, created_at) VALUES ('Someone', 'amelia@example.com', 'x', $1)", [new Date().toISOString()])
    const accepting = acceptTutorInvitation(token, 'Dr Amelia Hart', 'correct horse battery')
    await blockedOnLocks(1)
    await signUp.query('COMMIT')
    await signUp.end()
    const outcome = await accepting

    const db = await getDb()
    const tutorAccount = await db.selectFrom('users').select(['email', 'role']).where('tutor_id', '=', TUTOR).execute()
    const invitation = await db.selectFrom('tutor_invitations').select('used_at').executeTakeFirstOrThrow()
    // It once answered 'created', spent, with no account made: now the answer says not, and the link stays usable for the office to sort out.
    expect({ outcome, tutorAccount, spent: invitation.used_at !== null }).toEqual({ outcome: 'taken', tutorAccount: [], spent: false })
  }, 30_000)

  test("an account that proves its address while a tutor invitation to that address is followed stays the family's", async () => {
    const { insertUser, insertEmailConfirmation, confirmEmailWithToken } = await import('~/db/accounts.server')
    const { insertInvitation, acceptInvitation } = await import('~/db/invitations.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { createToken } = await import('~/accounts/tokens.server')
    const { getDb } = await import('~/db/database.server')
    const email = 'amelia@example.com'
    const familyId = (await insertUser({ name: 'Amelia at home', email, passwordHash: 'family' }))!
    const link = createToken()
    await insertEmailConfirmation(link.tokenHash, familyId, email, new Date(Date.now() + 86_400_000).toISOString())
    // A lesson she asked for signed out with that address: proving the address makes it the account's.
    const requestId = await saveLessonRequest({ tutorId: 'mei-chen', slotStart: new Date(Date.now() + 3 * 86_400_000).toISOString(), name: 'Amelia at home', email, message: '', userId: null })
    const invitation = createToken()
    await insertInvitation({ tokenHash: invitation.tokenHash, tutorId: TUTOR, email, applicationId: null, by: { userId: 0, name: 'Sam Staff' } })

    // Another process holds that request's row for a moment (a tutor answering it, say), so the
    // address's proof, which has already marked the account proven, waits to claim it before committing.
    const release = await holdRows('SELECT id FROM lesson_requests WHERE id = $1 FOR UPDATE', [requestId])
    const proving = confirmEmailWithToken(link.tokenHash, familyId)
    await blockedOnLocks(1)
    const accepting = acceptInvitation(invitation.tokenHash, { name: 'Dr Amelia Hart', passwordHash: 'tutor' })
    await blockedOnLocks(2)
    await release()
    const [proof, outcome] = await Promise.all([proving, accepting])

    // The proof went through first (committed before the invitation's change): the account was proven,
    // and "an address whose account is proven already is refused" by the invitation.
    expect(proof).toBe('confirmed')
    const account = await (await getDb()).selectFrom('users').select(['role', 'tutor_id', 'password_hash']).where('id', '=', familyId).executeTakeFirstOrThrow()
    expect({ outcome, account }).toEqual({ outcome: 'taken', account: { role: 'family', tutor_id: null, password_hash: 'family' } })
  }, 30_000)
  // A confirmation and the removal of the tutor's account each checked, then wrote, in transactions of
  // their own: both went through, and a family had a confirmed lesson no one would teach.
  test('a tutor confirming a request while their account is removed: one or the other, never a confirmed lesson with no tutor account', async () => {
    const { deleteAccountRecords, closeTutorAccount } = await import('~/db/account-records.server')
    const { insertUser } = await import('~/db/accounts.server')
    const { decideLessonRequest, saveLessonRequest } = await import('~/db/lessons.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const staffId = (await insertUser({ name: 'Sam Staff', email: 'sam@example.com', passwordHash: 'x' }))!
    await db.updateTable('users').set({ role: 'staff', email_confirmed_at: new Date().toISOString() }).where('id', '=', staffId).execute()
    const removals = {
      'deleted by the tutor': (tutor: { id: number }) => deleteAccountRecords(tutor.id),
      'closed by the office': (tutor: { email: string }) => closeTutorAccount('kwame-mensah', tutor.email, { userId: staffId, name: 'Sam Staff' }, () => []),
    }
    // The other request has finished (the defect), or it waits on a lock as it should.
    const finishedOrWaiting = (other: Promise<unknown>) => Promise.race([other, blockedOnLocks(2).catch(() => {})])
    for (const [how, remove] of Object.entries(removals)) {
      const email = `kwame.${how.split(' ')[0]}@example.com`
      const tutor = { id: (await insertUser({ name: 'Kwame', email, passwordHash: 'x', tutorId: 'kwame-mensah' }))!, email }
      const confirm = (id: number) => decideLessonRequest(id, 'confirmed', { userId: tutor.id, name: 'Kwame', tutorId: 'kwame-mensah' }, () => ({ mails: [], remindAt: null }), new Date())

      // The confirmation is past its checks, its write held up; then the account goes.
      const first = await saveLessonRequest({ tutorId: 'kwame-mensah', slotStart: future(3), name: 'Ann', email: 'ann@example.com', message: '', userId: null })
      const releaseRequest = await holdRows('SELECT id FROM lesson_requests WHERE id = $1 FOR UPDATE', [first])
      const confirming = confirm(first)
      await blockedOnLocks(1)
      const removing = remove(tutor)
      await finishedOrWaiting(removing)
      await releaseRequest()
      expect({ how, confirmed: (await confirming).done, removed: (await removing).done }).toEqual({ how, confirmed: true, removed: false })

      // The removal is past its checks, its write held up; then the tutor confirms another request.
      const second = await saveLessonRequest({ tutorId: 'kwame-mensah', slotStart: future(4), name: 'Bea', email: 'bea@example.com', message: '', userId: null })
      await db.updateTable('lesson_requests').set({ status: 'cancelled' }).where('id', '=', first).execute()
      const releaseAccount = await holdRows('SELECT id FROM users WHERE id = $1 FOR UPDATE', [tutor.id])
      const removingNow = remove(tutor)
      await blockedOnLocks(1)
      const confirmingNow = confirm(second)
      await finishedOrWaiting(confirmingNow)
      await releaseAccount()
      expect({ how, removed: (await removingNow).done, confirmed: await confirmingNow }).toEqual({ how, removed: true, confirmed: { done: false, reason: 'not-found' } })
    }
  }, 30_000)

  // The takeover cleared what the account's opener had left, while a waiting request was being stored
  // under the account's lock: the stranger's request then became the tutor's.
  test("a waiting request stored while a tutor invitation takes the account over goes with what its opener left", async () => {
    const { insertUser } = await import('~/db/accounts.server')
    const { insertInvitation, acceptInvitation } = await import('~/db/invitations.server')
    const { saveUnprovenLessonRequest } = await import('~/db/lessons.server')
    const { recordsOfAccount } = await import('~/db/account-records.server')
    const { visitorMail } = await import('~/mail/mail.server')
    const { createToken } = await import('~/accounts/tokens.server')
    const email = 'amelia@example.com'
    // A stranger signed up with the tutor's address (unproven), and sends a lesson request signed in.
    const stranger = (await insertUser({ name: 'Stranger', email, passwordHash: 'x' }))!
    const invitation = createToken()
    await insertInvitation({ tokenHash: invitation.tokenHash, tutorId: TUTOR, email, applicationId: null, by: { userId: 0, name: 'Sam Staff' } })

    // Another process counts the address's e-mails: the request waits there, its row written under account:<id>.
    const release = await holdNamedLock(`throttle:mail-to:${email}`)
    const link = visitorMail({ to: email, subject: 'Confirm', text: 'link' }, 'acknowledgement', 'the link')
    const saving = saveUnprovenLessonRequest({ tutorId: 'mei-chen', slotStart: future(3), name: 'Stranger', email, message: 'private words', userId: stranger }, createToken().tokenHash, link)
    await blockedOnLocks(1)
    // The tutor follows the invitation: the unproven account becomes theirs, "nothing they left stays theirs to see".
    const accepting = acceptInvitation(invitation.tokenHash, { name: 'Dr Amelia Hart', passwordHash: 'tutor' })
    await blockedOnLocks(2)
    await release()
    expect(await saving).toBe('waiting')
    expect(await accepting).toBe('created')

    const records = await recordsOfAccount(stranger)
    expect({ role: records!.account.role, waiting: records!.lessonRequestsAwaitingConfirmation.map((r) => r.message) }).toEqual({ role: 'tutor', waiting: [] })
  }, 30_000)

  // Each held rows the other wanted (the waiting requests; the account's row and sessions): PostgreSQL
  // ended one of them, and the tutor saw an error page.
  test('deleting an unproven account while a tutor invitation takes it over: one after the other, no deadlock', async () => {
    const { insertUser } = await import('~/db/accounts.server')
    const { insertInvitation, acceptInvitation } = await import('~/db/invitations.server')
    const { saveUnprovenLessonRequest } = await import('~/db/lessons.server')
    const { deleteAccountRecords } = await import('~/db/account-records.server')
    const { createSession } = await import('~/accounts/session.server')
    const { createToken } = await import('~/accounts/tokens.server')
    const email = 'amelia@example.com'
    const stranger = (await insertUser({ name: 'Stranger', email, passwordHash: 'x' }))!
    await createSession(stranger, false)
    await saveUnprovenLessonRequest({ tutorId: 'mei-chen', slotStart: future(3), name: 'Stranger', email, message: '', userId: stranger }, createToken().tokenHash, { message: { to: email, subject: 's', text: 't' }, what: 'link' })
    const invitation = createToken()
    await insertInvitation({ tokenHash: invitation.tokenHash, tutorId: TUTOR, email, applicationId: null, by: { userId: 0, name: 'Sam Staff' } })

    // Hold the deletion just after it has deleted the waiting request (its first step of deleteAccountRow).
    const db = await (await import('~/db/database.server')).getDb()
    await db.insertInto('login_attempts').values({ throttle_key: `account-password:${stranger}`, attempted_at: new Date().toISOString() }).execute()
    const release = await holdRows('SELECT id FROM login_attempts WHERE throttle_key = $1 FOR UPDATE', [`account-password:${stranger}`])
    const deleting = deleteAccountRecords(stranger).then((r) => r, (e: Error) => e)
    await blockedOnLocks(1)
    const accepting = acceptInvitation(invitation.tokenHash, { name: 'Dr Amelia Hart', passwordHash: 'tutor' }).then((r) => r, (e: Error) => e)
    await blockedOnLocks(2)
    await release()
    const outcomes = await Promise.all([deleting, accepting])
    expect(outcomes.map((outcome) => (outcome instanceof Error ? outcome.message : outcome))).toEqual([expect.objectContaining({ done: true }), 'taken'])
  }, 30_000)

  test('an address proven while its account is deleted: the request the proof claims goes with the account', async () => {
    const { insertUser, insertEmailConfirmation, confirmEmailWithToken } = await import('~/db/accounts.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { deleteAccountRecords } = await import('~/db/account-records.server')
    const { createToken } = await import('~/accounts/tokens.server')
    const { getDb } = await import('~/db/database.server')
    const email = 'ann@example.com'
    const family = (await insertUser({ name: 'Ann', email, passwordHash: 'x' }))!
    const link = createToken()
    await insertEmailConfirmation(link.tokenHash, family, email, future(1))
    // A request sent with the address (its link opened): proving the address makes it the account's.
    const requestId = await saveLessonRequest({ tutorId: 'mei-chen', slotStart: future(3), name: 'Ann', email, message: 'Dyslexic, Year 9', userId: null })

    const release = await holdRows('SELECT id FROM lesson_requests WHERE id = $1 FOR UPDATE', [requestId])
    const proving = confirmEmailWithToken(link.tokenHash, family)
    await blockedOnLocks(1)
    const deleting = deleteAccountRecords(family)
    await blockedOnLocks(2)
    await release()
    expect(await proving).toBe('confirmed')
    expect(await deleting).toMatchObject({ done: true })
    const db = await getDb()
    expect(await db.selectFrom('users').select('id').execute()).toEqual([])
    // "its lesson requests never confirmed (waiting, ...): deleted"
    expect(await db.selectFrom('lesson_requests').select(['user_id', 'message']).execute()).toEqual([])
  }, 30_000)

  // The deletion deleted it as never confirmed, as it was when read: the office had been told
  // "confirmed", the family's confirmation was queued, and no one was told of the cancellation.
  test('a request at the proven address, proven after the deletion locked its slots and confirmed meanwhile, is cancelled by the deletion, not deleted', async () => {
    const { insertUser } = await import('~/db/accounts.server')
    const { saveLessonRequest, decideLessonRequest, slotLockKey } = await import('~/db/lessons.server')
    const { deleteAccountRecords } = await import('~/db/account-records.server')
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const email = 'ann@example.com'
    const family = (await insertUser({ name: 'Ann', email, passwordHash: 'x' }))!
    await db.updateTable('users').set({ email_confirmed_at: new Date().toISOString() }).where('id', '=', family).execute()
    const staff = (await insertUser({ name: 'Sam', email: 'sam@example.com', passwordHash: 'x' }))!
    const slot1 = future(3)
    await saveLessonRequest({ tutorId: 'mei-chen', slotStart: slot1, name: 'Ann', email, message: '', userId: family })

    // A tutor answering Ann's first request holds its slot: the deletion has read its slots and waits there.
    const releaseSlot = await holdNamedLock(slotLockKey({ tutorId: 'mei-chen', slotStart: slot1 }))
    const deleting = deleteAccountRecords(family)
    await blockedOnLocks(1)
    // Ann's second request, sent signed out and proven by its link (user_id null, her proven address): the account's by address.
    const second = await saveLessonRequest({ tutorId: 'kwame-mensah', slotStart: future(4), name: 'Ann', email, message: 'second', userId: null })
    // The office confirms it; its transaction is held just before it commits (mail_queue busy).
    const busy = await otherConnection()
    await busy.query('BEGIN')
    await busy.query('LOCK TABLE mail_queue IN SHARE MODE')
    const confirming = decideLessonRequest(second, 'confirmed', { userId: staff, name: 'Sam' }, () => ({ mails: [{ message: { to: email, subject: 'Your lesson is confirmed', text: 'x' }, what: 'a lesson decision', whileLessonConfirmed: second }], remindAt: null }), new Date())
    await blockedOnLocks(2)
    await releaseSlot()
    await blockedOnLocks(2)
    await busy.query('COMMIT')
    await busy.end()
    const [confirmed, deleted] = await Promise.all([confirming, deleting])
    expect(deleted).toMatchObject({ done: true, cancelled: [expect.objectContaining({ id: second })] })
    const row = await db.selectFrom('lesson_requests').select(['id', 'status']).where('id', '=', second).executeTakeFirst()
    // The office was told "confirmed" and the family's confirmation is queued: the lesson must exist (cancelled by the deletion, with notices), not vanish.
    expect({ confirmed: confirmed.done, row }).toEqual({ confirmed: true, row: { id: second, status: expect.stringMatching(/cancelled/) } })
  }, 30_000)

  // The login had checked the squatter's password when the tutor took the account over, signing it out
  // everywhere: the session it opened after was the tutor's account, with the squatter at the keyboard.
  test("a squatter's login whose password was checked before the tutor's takeover gets no session on the tutor's account", async () => {
    const { createAccount } = await import('~/accounts/accounts.server')
    const { getSessionUser } = await import('~/accounts/session.server')
    const { action } = await import('~/routes/login/login.server')
    const { insertInvitation, acceptInvitation } = await import('~/db/invitations.server')
    const { createToken } = await import('~/accounts/tokens.server')
    const email = 'amelia@example.com'
    await createAccount({ name: 'Squatter', email, password: 'squatter-password-123' })
    const invitation = createToken()
    await insertInvitation({ tokenHash: invitation.tokenHash, tutorId: TUTOR, email, applicationId: null, by: { userId: 0, name: 'Sam Staff' } })

    let resume!: () => void
    pausedLogin.resume = new Promise<void>((resolve) => (resume = resolve))
    const checked = new Promise<void>((resolve) => (pausedLogin.checked = resolve))
    try {
      const body = new URLSearchParams({ email, password: 'squatter-password-123', redirectTo: '/dashboard' })
      const loggingIn = action({ request: new Request('http://localhost/login', { method: 'POST', body }), params: {}, context: {} })
      await checked
      expect(await acceptInvitation(invitation.tokenHash, { name: 'Dr Amelia Hart', passwordHash: 'x' })).toBe('created')
      resume()
      const response = await loggingIn
      expect(response.status).toBe(401)
      const cookie = /(__session=[^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1] ?? ''
      expect(await getSessionUser(new Request('http://localhost/dashboard', { headers: { Cookie: cookie } }))).toBeNull()
    } finally {
      pausedLogin.resume = null
      pausedLogin.checked = null
    }
  }, 30_000)

  // The office was shown the account at old@; it moved to new@ meanwhile, and was closed all the same,
  // with the closing notice sent to an address it no longer had.
  test('the office closes the tutor account it was shown at old@, not one that has just moved to new@', async () => {
    const { insertUser, insertEmailConfirmation, confirmEmailWithToken } = await import('~/db/accounts.server')
    const { closeTutorAccount } = await import('~/db/account-records.server')
    const { saveLessonRequest } = await import('~/db/lessons.server')
    const { createToken } = await import('~/accounts/tokens.server')
    const staff = (await insertUser({ name: 'Sam', email: 'sam@example.com', passwordHash: 'x' }))!
    const tutor = (await insertUser({ name: 'Kwame', email: 'old@example.com', passwordHash: 'x', tutorId: 'kwame-mensah' }))!
    const link = createToken()
    await insertEmailConfirmation(link.tokenHash, tutor, 'new@example.com', future(1), 'change')
    // A request sent signed out at the tutor's old (proven) address: the move takes it along, and waits on it here.
    const held = await saveLessonRequest({ tutorId: 'mei-chen', slotStart: future(3), name: 'K', email: 'old@example.com', message: '', userId: null })
    const release = await holdRows('SELECT id FROM lesson_requests WHERE id = $1 FOR UPDATE', [held])
    const moving = confirmEmailWithToken(link.tokenHash, tutor)
    await blockedOnLocks(1)
    const closing = closeTutorAccount('kwame-mensah', 'old@example.com', { userId: staff, name: 'Sam' }, () => [])
    await blockedOnLocks(2)
    await release()
    expect(await moving).toBe('changed')
    expect(await closing).toEqual({ done: false, reason: 'changed' })
  }, 30_000)
})
