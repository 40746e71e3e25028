import { describe, expect, test, vi } from 'vitest'

import { ENGINES, withFreshDatabase } from './fresh-database'

// spec §3's `online`: a tutor's card says "Online now" while the tutor's own account is in use, if
// the tutor chose to show it, not because a content file says so.
describe.each(ENGINES)('on %s', (engine) => {
  withFreshDatabase(`tutor-presence-${engine}`, {}, engine)

  async function onlineTutors(at: Date) {
    const { forgetCatalogueChanges, getCatalogue, toTutorCard } = await import('~/tutors/catalogue.server')
    forgetCatalogueChanges()
    return (await getCatalogue(at)).map((tutor) => toTutorCard(tutor, at)).filter((card) => card.online).map((card) => card.id)
  }

  const start = new Date('2026-12-01T10:00:00.000Z')

  /** A tutor's account and a family's at `start`, and a signed-in request by either. */
  async function accountsAtStart() {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(start)
    const { insertUser } = await import('~/db/accounts.server')
    const { createSession, getSessionUser } = await import('~/accounts/session.server')
    const { setShowsOnline } = await import('~/db/tutor-presence.server')
    const tutor = (await insertUser({ name: 'Amelia Hart', email: 'amelia@example.com', passwordHash: 'x', tutorId: 'amelia-hart' }))!
    const family = (await insertUser({ name: 'Fay Family', email: 'fay@example.com', passwordHash: 'x' }))!
    const cookies = new Map<number, string>()
    const request = async (userId: number) => {
      if (!cookies.has(userId)) cookies.set(userId, (await createSession(userId, false)).split(';')[0]!)
      return getSessionUser(new Request('http://localhost/dashboard', { headers: { Cookie: cookies.get(userId)! } }))
    }
    return { tutor, family, request, setShowsOnline }
  }

  const lastSeenOf = async (userId: number) => {
    const { getDb } = await import('~/db/database.server')
    return (await (await getDb()).selectFrom('users').select('last_seen_at').where('id', '=', userId).executeTakeFirstOrThrow()).last_seen_at
  }

  test('a tutor who chose to show it is online for five minutes after their account was last used, and no one else ever is', async () => {
    const { tutor, family, request, setShowsOnline } = await accountsAtStart()

    // The catalogue's records alone make no one online, whatever they once said.
    expect(await onlineTutors(start)).toEqual([])
    await request(family)
    expect(await onlineTutors(start)).toEqual([])
    // Nor does using the site, until the tutor turns it on: until then nothing is recorded.
    await request(tutor)
    expect(await onlineTutors(start)).toEqual([])
    expect(await lastSeenOf(tutor)).toBeNull()

    // Turned on, the tutor is online at once: they are here, asking.
    await setShowsOnline(tutor, true, start)
    expect(await onlineTutors(start)).toEqual(['amelia-hart'])
    const fourMinutesOn = new Date(start.getTime() + 4 * 60_000)
    expect(await onlineTutors(fourMinutesOn)).toEqual(['amelia-hart'])
    const sixMinutesOn = new Date(start.getTime() + 6 * 60_000)
    expect(await onlineTutors(sixMinutesOn)).toEqual([])

    // Used again, online again; turned off, offline at once, and the time is forgotten.
    vi.setSystemTime(sixMinutesOn)
    await request(tutor)
    expect(await onlineTutors(sixMinutesOn)).toEqual(['amelia-hart'])
    await setShowsOnline(tutor, false, start)
    expect(await onlineTutors(sixMinutesOn)).toEqual([])
    expect(await lastSeenOf(tutor)).toBeNull()
    await request(tutor)
    expect(await lastSeenOf(tutor)).toBeNull()
  })

  test('a request that read the tutor before they turned it off records nothing; a non-tutor who somehow has the choice is never online', async () => {
    const { tutor, family, setShowsOnline } = await accountsAtStart()
    const { getUserById } = await import('~/db/accounts.server')
    const { noteTutorSeen } = await import('~/db/tutor-presence.server')
    const { getDb } = await import('~/db/database.server')
    await setShowsOnline(tutor, true, start)
    const readBefore = (await getUserById(tutor))!
    await setShowsOnline(tutor, false, start)
    // Two minutes on, so the once-a-minute rule does not stop it first: only the database's own check can.
    await noteTutorSeen(readBefore, new Date(start.getTime() + 2 * 60_000))
    expect(await lastSeenOf(tutor)).toBeNull()
    await (await getDb()).updateTable('users').set({ shows_online: 1, last_seen_at: start.toISOString() }).where('id', '=', family).execute()
    expect(await onlineTutors(start)).toEqual([])
    // Nor is a tutor who turned it off, whatever time a row still holds.
    await (await getDb()).updateTable('users').set({ shows_online: 0, last_seen_at: start.toISOString() }).where('id', '=', tutor).execute()
    expect(await onlineTutors(start)).toEqual([])
  })

  // Consent is taken back on the dashboard, as the privacy notice says: so the choice is there even
  // for a tutor whose catalogue record editors have removed (whose dashboard has nothing else).
  test('a tutor without a catalogue record can still turn it on and off from the dashboard', async () => {
    vi.stubEnv('SESSION_SECRET', 'b'.repeat(64))
    const { insertUser } = await import('~/db/accounts.server')
    const { createSession } = await import('~/accounts/session.server')
    const { action, loader } = await import('~/routes/dashboard/dashboard.server')
    const gone = (await insertUser({ name: 'Gone Tutor', email: 'gone@example.com', passwordHash: 'x', tutorId: 'no-longer-listed' }))!
    const cookie = (await createSession(gone, false)).split(';')[0]!
    const dashboard = async () => (await loader({ request: new Request('http://localhost/dashboard', { headers: { Cookie: cookie } }), params: {}, context: {} })).json()
    const choose = async (form: Record<string, string>) =>
      (await action({ request: new Request('http://localhost/dashboard?intent=online', { method: 'POST', body: new URLSearchParams(form), headers: { Cookie: cookie } }), params: {}, context: {} })).json()

    expect(await dashboard()).toMatchObject({ tutor: null, tutorShowsOnline: false })
    expect(await choose({ showOnline: 'on' })).toEqual({ notice: expect.stringContaining('Saved: your card will show when you are online.') })
    expect(await dashboard()).toMatchObject({ tutor: null, tutorShowsOnline: true })
    expect(await choose({})).toEqual({ notice: expect.stringContaining('Saved: your card will no longer show when you are online.') })
    expect(await dashboard()).toMatchObject({ tutor: null, tutorShowsOnline: false })
    expect(await lastSeenOf(gone)).toBeNull()
  })

  test('a request another site started (a link it sent) does not make the tutor online', async () => {
    const { tutor, setShowsOnline } = await accountsAtStart()
    const { createSession, getSessionUser } = await import('~/accounts/session.server')
    await setShowsOnline(tutor, true, start)
    // Turning it on counts as being here: forget that, as a quiet day's clean-up would.
    const { getDb } = await import('~/db/database.server')
    await (await getDb()).updateTable('users').set({ last_seen_at: null }).where('id', '=', tutor).execute()
    const cookie = (await createSession(tutor, false)).split(';')[0]!
    const from = (site: string) => getSessionUser(new Request('http://localhost/about', { headers: { Cookie: cookie, 'Sec-Fetch-Site': site } }))
    await from('cross-site')
    expect(await lastSeenOf(tutor)).toBeNull()
    expect(await onlineTutors(start)).toEqual([])
    await from('same-origin')
    expect(await lastSeenOf(tutor)).toBe(start.toISOString())
  })

  test('only a ticked box ("on") is a yes', async () => {
    const { ShowOnlineSchema } = await import('~/forms/office')
    const v = await import('valibot')
    expect(v.parse(ShowOnlineSchema, { showOnline: 'on' }).showOnline).toBe(true)
    // '' is an unticked box: the pipeline reads a field not sent as ''.
    for (const value of ['', 'off', 'false', 'yes']) expect(v.parse(ShowOnlineSchema, { showOnline: value }).showOnline).toBe(false)
  })

  test("a tutor's last use is written at most once a minute, is in their copy of their data, and goes after a day", async () => {
    const { tutor, request, setShowsOnline } = await accountsAtStart()
    const { recordsOfAccount } = await import('~/db/account-records.server')
    const { deleteExpiredRecords } = await import('~/db/retention.server')
    await setShowsOnline(tutor, true, start)
    const signedIn = () => request(tutor)
    const lastSeen = () => lastSeenOf(tutor)

    await signedIn()
    expect(await lastSeen()).toBe(start.toISOString())
    vi.setSystemTime(new Date(start.getTime() + 30_000))
    await signedIn()
    expect(await lastSeen()).toBe(start.toISOString())
    const aMinuteOn = new Date(start.getTime() + 61_000)
    vi.setSystemTime(aMinuteOn)
    await signedIn()
    expect(await lastSeen()).toBe(aMinuteOn.toISOString())
    expect((await recordsOfAccount(tutor))!.account).toMatchObject({ showsOnline: true, lastSeenAt: aMinuteOn.toISOString() })
    await deleteExpiredRecords(aMinuteOn.getTime() + 23 * 60 * 60_000)
    expect(await lastSeen()).toBe(aMinuteOn.toISOString())
    await deleteExpiredRecords(aMinuteOn.getTime() + 25 * 60 * 60_000)
    expect(await lastSeen()).toBeNull()
  })
})
