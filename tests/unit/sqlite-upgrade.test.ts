// A SQLite database made before the move to Kysely (its schema built by the numbered steps
// recorded in PRAGMA user_version) is adopted in place: every row stays, and the app works on it.
import Database from 'better-sqlite3'
import { expect, test } from 'vitest'

import { LEGACY_SQLITE_MIGRATIONS } from '~/db/legacy-sqlite-migrations.server'

import { withFreshDatabase } from './fresh-database'

const data = withFreshDatabase('sqlite-upgrade')

function legacyDatabase(file: string, steps: number) {
  const old = new Database(file)
  LEGACY_SQLITE_MIGRATIONS.slice(0, steps).forEach((sql) => old.exec(sql))
  old.pragma(`user_version = ${steps}`)
  return old
}

test('a database made by every step of the old schema keeps its rows and works with the new data layer', async () => {
  const { hashPassword } = await import('~/accounts/passwords.server')
  const old = legacyDatabase(data.databasePath, LEGACY_SQLITE_MIGRATIONS.length)
  old.prepare('INSERT INTO users (name, email, password_hash) VALUES (?, ?, ?)').run('Ann Lee', 'ann@example.com', await hashPassword('secret1'))
  old.prepare('INSERT INTO newsletter_subscribers (email, consented_at, unsubscribe_token) VALUES (?, ?, ?)').run('reader@example.com', '2026-01-01T00:00:00.000Z', 'a'.repeat(64))
  old.prepare('INSERT INTO contact_messages (name, email, subject, message) VALUES (?, ?, ?, ?)').run('Bo', 'bo@example.com', 'General question', 'Hello')
  old.prepare('INSERT INTO lesson_requests (tutor_id, slot_start, name, email, message) VALUES (?, ?, ?, ?, ?)').run('amelia-hart', '2026-11-27T16:00:00.000Z', 'Lily', 'lily@example.com', '')
  old.prepare('INSERT INTO tutor_applications (name, email, subjects, levels, experience_years, has_equipment, statement) VALUES (?, ?, ?, ?, ?, 1, ?)').run('Tom', 'tom@example.com', '["Physics"]', '["IGCSE"]', 3, 'x'.repeat(60))
  const place = old.prepare('INSERT INTO class_registrations (class_id, session_date, session_start, name, email, year_group) VALUES (?, ?, ?, ?, ?, ?)')
  place.run('phonics-small-group', '2026-11-27', '2026-11-27T16:00:00.000Z', 'Sam', 'sam@example.com', 'Year 1')
  place.run('phonics-small-group', '2026-11-27', '2026-11-27T16:00:00.000Z', 'Kim', 'kim@example.com', 'Year 1')
  old.close()

  const { verifyLogin } = await import('~/accounts/accounts.server')
  const { reservePlace } = await import('~/db/class-places.server')
  const { getDb } = await import('~/db/database.server')
  const { subscribeToNewsletter, findSubscriberEmail } = await import('~/db/newsletter.server')
  const db = await getDb()
  for (const table of ['users', 'newsletter_subscribers', 'contact_messages', 'lesson_requests', 'tutor_applications'] as const) {
    expect((await db.selectFrom(table).selectAll().execute()).length, table).toBe(1)
  }
  await expect(verifyLogin('ANN@example.com', 'secret1')).resolves.toMatchObject({ name: 'Ann Lee' })
  expect(await findSubscriberEmail('a'.repeat(64))).toBe('reader@example.com')
  expect(await subscribeToNewsletter('Reader@Example.com')).toBeNull()
  const registration = { classId: 'phonics-small-group', sessionDate: '2026-11-27', sessionStart: '2026-11-27T16:00:00.000Z', capacity: 3, name: 'Al', yearGroup: 'Year 1' }
  expect(await reservePlace({ ...registration, email: 'SAM@example.com' })).toBe('duplicate')
  expect(await reservePlace({ ...registration, email: 'al@example.com' })).toBe('reserved')
  expect(await reservePlace({ ...registration, email: 'zed@example.com' })).toBe('full')
  const applied = await db.selectFrom('kysely_migration' as never).select('name' as never).execute()
  expect(applied).toEqual([
    { name: '2026-11-24-initial-schema' },
    { name: '2026-11-25-office-and-tutors' },
    { name: '2026-11-26-1-empty-locks' },
    { name: '2026-11-26-2-address-confirmation' },
  ])
})

test('a database that stopped part-way through the old steps is finished, keeping its rows', async () => {
  const old = legacyDatabase(data.databasePath, 3)
  const insert = old.prepare('INSERT INTO newsletter_subscribers (email, subscribed_at) VALUES (?, ?)')
  insert.run('ann@example.com', '2024-10-27T01:30:00.000Z')
  insert.run('bob@example.com', '2024-11-02T09:00:00.000Z')
  old.close()

  const { getDb } = await import('~/db/database.server')
  const rows = await (await getDb()).selectFrom('newsletter_subscribers').selectAll().orderBy('id').execute()
  // The consent step gave the older rows their subscription time as consent time, and distinct tokens.
  expect(rows.map((row) => [row.email, row.consented_at])).toEqual([
    ['ann@example.com', '2024-10-27T01:30:00.000Z'],
    ['bob@example.com', '2024-11-02T09:00:00.000Z'],
  ])
  expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.unsubscribe_token))).toBe(true)
  expect(rows[0]!.unsubscribe_token).not.toBe(rows[1]!.unsubscribe_token)
})
