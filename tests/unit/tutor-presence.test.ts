import { describe, expect, test, vi } from 'vitest'

import { ENGINES, withFreshDatabase } from './fresh-database'

// spec §3's `online`: a tutor's card says "Online now" while the tutor's own account is in use,
// not because a content file says so.
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
    const tutor = (await insertUser({ name: 'Amelia Hart', email: 'amelia@example.com', passwordHash: 'x', tutorId: 'amelia-hart' }))!
    const family = (await insertUser({ name: 'Fay Family', email: 'fay@example.com', passwordHash: 'x' }))!
    const cookies = new Map<number, string>()
    const request = async (userId: number) => {
      if (!cookies.has(userId)) cookies.set(userId, (await createSession(userId, false)).split(';')[0]!)
      return getSessionUser(new Request('http://localhost/dashboard', { headers: { Cookie: cookies.get(userId)! } }))
    }
    return { tutor, family, request }
  }

  test('a tutor is online for five minutes after their signed-in account was last used, and no one else ever is', async () => {
    const { tutor, family, request } = await accountsAtStart()

    // The catalogue's records alone make no one online, whatever they once said.
    expect(await onlineTutors(start)).toEqual([])
    await request(family)
    expect(await onlineTutors(start)).toEqual([])

    await request(tutor)
    expect(await onlineTutors(start)).toEqual(['amelia-hart'])
    const fourMinutesOn = new Date(start.getTime() + 4 * 60_000)
    expect(await onlineTutors(fourMinutesOn)).toEqual(['amelia-hart'])
    const sixMinutesOn = new Date(start.getTime() + 6 * 60_000)
    expect(await onlineTutors(sixMinutesOn)).toEqual([])

    // Used again, online again.
    vi.setSystemTime(sixMinutesOn)
    await request(tutor)
    expect(await onlineTutors(sixMinutesOn)).toEqual(['amelia-hart'])
  })

  test("a tutor's last use is written at most once a minute, and is in their copy of their data", async () => {
    const { tutor, request } = await accountsAtStart()
    const { getDb } = await import('~/db/database.server')
    const { recordsOfAccount } = await import('~/db/account-records.server')
    const signedIn = () => request(tutor)
    const lastSeen = async () => (await (await getDb()).selectFrom('users').select('last_seen_at').where('id', '=', tutor).executeTakeFirstOrThrow()).last_seen_at

    await signedIn()
    expect(await lastSeen()).toBe(start.toISOString())
    vi.setSystemTime(new Date(start.getTime() + 30_000))
    await signedIn()
    expect(await lastSeen()).toBe(start.toISOString())
    const aMinuteOn = new Date(start.getTime() + 61_000)
    vi.setSystemTime(aMinuteOn)
    await signedIn()
    expect(await lastSeen()).toBe(aMinuteOn.toISOString())
    expect((await recordsOfAccount(tutor))!.account.lastSeenAt).toBe(aMinuteOn.toISOString())
  })
})
