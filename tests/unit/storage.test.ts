// What the app keeps on disk and in its tables: readable by its own user only, and no longer
// than the privacy notice says.
import { statSync } from 'node:fs'
import path from 'node:path'

import SQLite from 'better-sqlite3'
import { Migrator, sql, type Kysely } from 'kysely'
import { describe, expect, test } from 'vitest'

import type { Database } from '~/db/schema'

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

  // SQLite gives a new row the highest id plus one, unless the table is AUTOINCREMENT: the newest
  // row deleted, its number went to the next, and an office e-mail's /office/lessons/N opened it.
  test('a lesson request deleted with its account leaves its number unused: a link to it never opens a later family’s request', async () => {
    const { insertUser } = await import('~/db/accounts.server')
    const { deleteAccountRecords } = await import('~/db/account-records.server')
    const { getLessonRequest, saveLessonRequest } = await import('~/db/lessons.server')
    const request = async (userId: number | null, name: string, email: string) =>
      (await saveLessonRequest({ tutorId: 'amelia-hart', slotStart: '2026-12-01T16:00:00.000Z', name, email, message: '', userId }))!
    const ann = (await insertUser({ name: 'Ann Family', email: 'ann@example.com', passwordHash: 'x' }))!
    const annRequest = await request(ann, 'Ann Family', 'ann@example.com')
    await expect(deleteAccountRecords(ann)).resolves.toMatchObject({ done: true })
    expect(await getLessonRequest(annRequest)).toBeNull()
    const bobRequest = await request(null, 'Bob Family', 'bob@example.com')
    expect(bobRequest).toBeGreaterThan(annRequest)
    expect(await getLessonRequest(annRequest)).toBeNull()
  })
})

describe.each(ENGINES)('migrations on %s', (engine) => {
  withFreshDatabase(`migrations-${engine}`, {}, engine)

  // An older release started after a newer one (a rollback) must not run on a schema it does not know.
  test('a database a newer release has migrated further is refused at start', async () => {
    const { getDb } = await import('~/db/database.server')
    const { migrateToLatest } = await import('~/db/migrations.server')
    const db = await getDb()
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('2099-01-01-from-a-newer-release', '2099-01-01T00:00:00.000Z')`.execute(db)
    await expect(migrateToLatest(db, engine)).rejects.toThrow(/2099-01-01-from-a-newer-release is missing/)
  })
})

// SQLite's own: PostgreSQL's serial ids never go back, and it has no rebuild to make.
describe('on sqlite, ids', () => {
  const paths = withFreshDatabase('ids-sqlite')

  test('every table numbered by an id never numbers a new row with a deleted one’s id', async () => {
    const { getDb } = await import('~/db/database.server')
    const db = await getDb()
    const tables = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(db)
    const numbered = []
    for (const table of tables.rows) {
      const columns = await sql<{ name: string; type: string; pk: number }>`SELECT name, type, pk FROM pragma_table_info(${table.name})`.execute(db)
      if (columns.rows.some((column) => column.name === 'id' && column.pk === 1 && column.type.toLowerCase() === 'integer')) numbered.push(table)
    }
    expect(numbered.length).toBeGreaterThan(10)
    expect(numbered.filter((table) => !/\bautoincrement\b/i.test(table.sql)).map((table) => table.name)).toEqual([])
  })

  /** A SQLite database brought to the schema before ids were kept from reuse, for `check`, then closed. */
  async function withEarlierDatabase(check: (db: Kysely<Database>) => Promise<void>) {
    const { openDatabase } = await import('~/db/database.server')
    const { migrations } = await import('~/db/migrations.server')
    const db = openDatabase({ engine: 'sqlite', file: path.join(paths.dataDir, 'earlier.db') })
    try {
      const all = Object.entries(migrations('sqlite'))
      const earlier = Object.fromEntries(all.slice(0, all.findIndex(([name]) => name === '2026-12-07-ids-never-reused')))
      expect((await new Migrator({ db, provider: { getMigrations: async () => earlier } }).migrateToLatest()).error).toBeUndefined()
      await check(db)
    } finally {
      await db.destroy()
    }
  }
  const user = (name: string) => ({ name, email: `${name}@example.com`.toLowerCase(), password_hash: 'x', created_at: '2026-11-20T10:00:00.000Z' })
  const session = (userId: number, token: string) => ({ user_id: userId, token_hash: token, expires_at: '2026-12-20T10:00:00.000Z', created_at: '2026-11-20T10:00:00.000Z' })
  const foreignKeysOn = async (db: Kysely<Database>) => (await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows[0]!.foreign_keys === 1

  test('a database made before the ids were kept from reuse keeps every row, its id, what refers to it and every index', async () => {
    const { migrateToLatest } = await import('~/db/migrations.server')
    await withEarlierDatabase(async (db) => {
      await db.insertInto('users').values([user('Ann'), user('Bob'), user('Cy')]).execute()
      await db.insertInto('sessions').values([session(1, 'a'), session(2, 'b'), session(3, 'c')]).execute()
      await db.deleteFrom('users').where('id', '=', 3).execute()
      const contents = async () => ({
        users: (await sql`SELECT * FROM users ORDER BY id`.execute(db)).rows,
        sessions: (await sql`SELECT * FROM sessions ORDER BY id`.execute(db)).rows,
        indexes: (await sql`SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name`.execute(db)).rows,
        columns: (await sql`SELECT tables.name AS tbl, columns.* FROM sqlite_master AS tables, pragma_table_info(tables.name) AS columns WHERE tables.type = 'table' AND tables.name <> 'sqlite_sequence' ORDER BY tables.name, columns.cid`.execute(db)).rows,
      })
      const before = await contents()
      expect(before.sessions.map((row) => (row as { user_id: number }).user_id)).toEqual([1, 2])

      await migrateToLatest(db, 'sqlite')
      expect(await contents()).toEqual(before)
      // The newest row deleted now, its id is not given again; and a user's deletion still takes their sessions.
      await db.deleteFrom('users').where('id', '=', 2).execute()
      const next = await db.insertInto('users').values(user('Dee')).returning('id').executeTakeFirstOrThrow()
      expect(next.id).toBe(3)
      expect(await db.selectFrom('sessions').select('user_id').execute()).toEqual([{ user_id: 1 }])
    })
  })

  // Retention deletes a request and keeps its history; the office's e-mails name it. A request given its id would inherit both.
  test('an id deleted before the upgrade but still named by a history line or a queued e-mail is not given again', async () => {
    const { migrateToLatest } = await import('~/db/migrations.server')
    await withEarlierDatabase(async (db) => {
      const request = (name: string) => ({ tutor_id: 'amelia-hart', slot_start: '2026-12-01T16:00:00.000Z', name, email: 'ann@example.com', message: '', created_at: '2026-11-20T10:00:00.000Z' })
      await db.insertInto('lesson_requests').values([request('Ann'), request('Bea'), request('Cat')]).execute()
      await db.insertInto('history').values({ item_type: 'lesson_request', item_id: 2, action: 'confirmed', by_user_id: null, by_name: 'Sam Staff', at: '2026-11-21T10:00:00.000Z' }).execute()
      const mail = { what: 'reminder', recipient: 'ann@example.com', subject: 'Your lesson', message: null, queued_at: '2026-11-21T10:00:00.000Z', send_after: '2026-11-21T10:00:00.000Z' }
      await db.insertInto('mail_queue').values({ ...mail, while_lesson_confirmed: 3 }).execute()
      await db.deleteFrom('lesson_requests').where('id', 'in', [2, 3]).execute()
      await migrateToLatest(db, 'sqlite')
      const next = await db.insertInto('lesson_requests').values(request('Dee')).returning('id').executeTakeFirstOrThrow()
      expect(next.id).toBe(4)
    })
  })

  test('a reference broken by hand before an upgrade (the sqlite3 shell has foreign keys off) does not stop the app starting', async () => {
    const { migrateToLatest } = await import('~/db/migrations.server')
    await withEarlierDatabase(async (db) => {
      await db.insertInto('users').values(user('Ann')).execute()
      await db.insertInto('sessions').values(session(1, 'a')).execute()
      await sql`PRAGMA foreign_keys = OFF`.execute(db)
      await db.deleteFrom('users').execute()
      await sql`PRAGMA foreign_keys = ON`.execute(db)
      await migrateToLatest(db, 'sqlite')
      expect(await foreignKeysOn(db)).toBe(true)
      // And on the next start, with nothing to apply.
      await migrateToLatest(db, 'sqlite')
    })
  })

  test('an upgrade that cannot take the write lock leaves foreign keys on', async () => {
    const { migrateToLatest } = await import('~/db/migrations.server')
    await withEarlierDatabase(async (db) => {
      const other = new SQLite(path.join(paths.dataDir, 'earlier.db'))
      other.exec('BEGIN IMMEDIATE')
      try {
        await sql`PRAGMA busy_timeout = 50`.execute(db)
        await expect(migrateToLatest(db, 'sqlite')).rejects.toThrow(/locked/)
        expect(await foreignKeysOn(db)).toBe(true)
      } finally {
        other.exec('ROLLBACK')
        other.close()
      }
    })
  })
})
