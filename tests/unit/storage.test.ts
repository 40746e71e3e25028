// What the app keeps on disk and in its tables: readable by its own user only, and no longer
// than the privacy notice says.
import { statSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, test } from 'vitest'

import { ENGINES, withFreshDatabase } from './fresh-database'

const modeOf = (file: string) => statSync(file).mode & 0o777

describe('on disk', () => {
  const paths = withFreshDatabase('storage')

  test('the database folder is 0700, the database file 0600', async () => {
    const nested = path.join(paths.dataDir, 'data', 'brightwell.db')
    const { openDatabase } = await import('~/db/database.server')
    const db = openDatabase({ engine: 'sqlite', file: nested })
    await db.destroy()
    expect(modeOf(path.dirname(nested)).toString(8)).toBe('700')
    expect(modeOf(nested).toString(8)).toBe('600')
  })

  test('the outbox folder is 0700 and each message in it 0600: a reset link is nobody else’s to read', async () => {
    const { sendMail } = await import('~/mail/mail.server')
    await sendMail({ to: 'ann@example.com', subject: 'Reset your password', text: 'https://example.com/reset-password?token=secret' })
    const { readdirSync } = await import('node:fs')
    const [file] = readdirSync(paths.outboxDir)
    expect(modeOf(paths.outboxDir).toString(8)).toBe('700')
    expect(modeOf(path.join(paths.outboxDir, file!)).toString(8)).toBe('600')
  })
})

describe.each(ENGINES)('on %s', (engine) => {
  withFreshDatabase(`retention-${engine}`, {}, engine)

  test('a throttle record older than the 24 hours the privacy notice promises is deleted; a newer one stays', async () => {
    const { getDb } = await import('~/db/database.server')
    const { deleteExpiredRecords } = await import('~/db/retention.server')
    const db = await getDb()
    const now = new Date('2026-11-26T12:00:00Z').getTime()
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString()
    await db.insertInto('login_attempts').values([{ throttle_key: 'email:old@example.com', attempted_at: hoursAgo(25) }, { throttle_key: 'email:new@example.com', attempted_at: hoursAgo(23) }]).execute()
    await deleteExpiredRecords(now)
    expect(await db.selectFrom('login_attempts').select('throttle_key').execute()).toEqual([{ throttle_key: 'email:new@example.com' }])
  })

  test('a lock leaves no row behind once its transaction ends, so no address is kept by it', async () => {
    const { getDb, withLock } = await import('~/db/database.server')
    const { recordAttemptUnlessThrottled, THROTTLE_LIMITS } = await import('~/db/throttle.server')
    await withLock('class-place:maths@2026-11-28', async () => 'done')
    await Promise.all(Array.from({ length: 5 }, () => recordAttemptUnlessThrottled([['email:ann@example.com', THROTTLE_LIMITS.loginPerEmail]])))
    expect(await (await getDb()).selectFrom('locks').selectAll().execute()).toEqual([])
  })
})
