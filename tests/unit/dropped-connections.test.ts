// PostgreSQL may close an app process's idle connections at any time: a restart, a fail-over to a
// standby, an administrator or a proxy ending idle sessions. The process must carry on with new
// connections, not die of the closed ones' errors.
import { randomBytes } from 'node:crypto'

import { sql } from 'kysely'
import pg from 'pg'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { withFreshDatabase } from './fresh-database'

describe.runIf(process.env.TEST_DATABASE_URL)('on postgres, when the server closes idle connections', () => {
  const data = withFreshDatabase('dropped-connections', {}, 'postgres')
  afterEach(() => vi.restoreAllMocks())

  test('the process logs it and its next query runs on a new connection', async () => {
    // A name of its own, so the test ends only this pool's connections, not other test files'.
    const applicationName = `dropped-${randomBytes(4).toString('hex')}`
    const url = new URL(data.databaseEnv.DATABASE_URL!)
    url.searchParams.set('application_name', applicationName)
    vi.stubEnv('DATABASE_URL', url.toString())
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    await sql`SELECT 1`.execute(db)

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    const ended = await admin.query<{ ended: number }>('SELECT count(pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity WHERE application_name = $1', [applicationName])
    await admin.end()
    expect(ended.rows[0]!.ended).toBeGreaterThan(0)

    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('closed an idle connection'), expect.anything()))
    const after = await sql<{ answer: number }>`SELECT 42 AS answer`.execute(db)
    expect(after.rows[0]!.answer).toBe(42)
  })
})
