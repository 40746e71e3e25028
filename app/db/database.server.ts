// The one database, through Kysely: SQLite (better-sqlite3, a file under data/) by default,
// or PostgreSQL (pg) when DATABASE_URL is a postgres:// address. Every query is written
// once with Kysely's builder; how each engine is opened lives in this module, the SQL they
// write differently in engine.server.ts.
// Migrations (db/migrations.server.ts) run once at start, under Kysely's migration lock.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import path from 'node:path'

import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely'
import pg from 'pg'

import { migrateToLatest } from '~/db/migrations.server'
import type { Database } from '~/db/schema'
import { databaseSettings, type DatabaseSettings } from '~/env.server'

export type { Database }
export type Queries = Kysely<Database> | Transaction<Database>

// The database holds every account and message: readable by the app's own user only. SQLite gives
// its -wal and -shm files the mode of the database file; those of an older install are set too.
function keepPrivate(file: string) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  closeSync(openSync(file, 'a', 0o600))
  for (const part of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(part)) chmodSync(part, 0o600)
}

// SQLite answers SQLITE_BUSY at once, without waiting out the timeout, when turning a new file to WAL
// while another process starting on it does the same (waiting could deadlock the two): processes
// starting together on a new file try again, briefly, until one of them has turned it.
const WAL_ATTEMPTS = 50
const WAL_RETRY_MS = 20

function enableWriteAheadLog(database: SQLite.Database) {
  for (let attempt = 1; ; attempt++) {
    try {
      database.pragma('journal_mode = WAL')
      return
    } catch (error) {
      if (!(error instanceof SQLite.SqliteError) || error.code !== 'SQLITE_BUSY' || attempt === WAL_ATTEMPTS) throw error
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, WAL_RETRY_MS)
    }
  }
}

function sqliteDialect(file: string) {
  if (file !== ':memory:') keepPrivate(file)
  // Another process writing (a second app process, `npm run staff`) is waited for, not an error; first,
  // as turning a new file to WAL needs a moment alone with it, which another process starting may have.
  const database = new SQLite(file, { timeout: 5000 })
  enableWriteAheadLog(database)
  database.pragma('foreign_keys = ON')
  return new SqliteDialect({ database })
}

function postgresDialect(url: string) {
  // COUNT(*) and other bigints come back as strings by default; ours stay far below 2^53.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
  // An idle connection does not keep the process alive: told to stop, remix-serve stops taking requests
  // and the process ends when its work is done, where pg's idle connections held it 10 s more.
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10), allowExitOnIdle: true })
  // PostgreSQL may close an idle connection (a restart, a fail-over, an administrator); pg reports it
  // on the pool and drops the connection, and the next query opens a new one. Unheard, that report
  // would end the process.
  pool.on('error', (error) => console.error('database: PostgreSQL closed an idle connection; the next query opens a new one.', error.message))
  return new PostgresDialect({ pool })
}

/** Opens a database; the app uses `getDb()`, tools and tests may open their own. */
export function openDatabase(settings: DatabaseSettings = databaseSettings()) {
  const dialect = settings.engine === 'postgres' ? postgresDialect(settings.url) : sqliteDialect(settings.file)
  return new Kysely<Database>({ dialect })
}

type Open = { db: Kysely<Database>; ready: Promise<void> }

const holder = globalThis as { __database?: Open; __closesOnExit?: boolean }

function open(): Open {
  if (!holder.__database) {
    const settings = databaseSettings()
    const db = openDatabase(settings)
    const ready = migrateToLatest(db, settings.engine)
    holder.__database = { db, ready }
    // remix-serve stops accepting requests on SIGTERM and lets in-flight ones finish;
    // when the process then exits, close the database so SQLite's WAL is checkpointed.
    if (!holder.__closesOnExit) process.once('beforeExit', () => void closeDb())
    holder.__closesOnExit = true
  }
  return holder.__database
}

/** The shared database, migrated: opened on first use (and kept across dev rebuilds). */
export async function getDb(): Promise<Kysely<Database>> {
  const { db, ready } = open()
  await ready
  return db
}

/**
 * The shared database if it is open, else null: for work in the background, which must neither open
 * one nor reopen one closed under it (the next getDb() would, with whatever settings are current).
 */
export async function openedDb(): Promise<Kysely<Database> | null> {
  const current = holder.__database
  if (!current) return null
  await current.ready
  return holder.__database === current ? current.db : null
}

/** Closes the connection; the next getDb() opens it again (shutdown, and tests that restart). */
export async function closeDb() {
  const current = holder.__database
  holder.__database = undefined
  if (current) await current.ready.catch(() => undefined).then(() => current.db.destroy())
}

/**
 * Runs `work` in a transaction that first takes an exclusive lock named `key`, held until it
 * commits: two requests, in one process or several, for the same key run one after the other.
 */
export async function withLock<T>(key: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const db = await getDb()
  return db.transaction().execute((trx) => holdLock(trx, key, () => work(trx)))
}

/**
 * Takes the lock named `key` in the transaction `trx` and runs `work`; the lock is held until the
 * transaction ends. It is a row of `locks` written at once: PostgreSQL holds that row's lock, SQLite
 * the database's write lock, to the end of the transaction. So a check and the write it allows
 * (the last place in a class, an attempt under the limit) cannot interleave. The row is deleted
 * before the transaction commits (still held until then): keys name addresses, and none outlives
 * its request. A request waiting on the key then inserts the row afresh.
 *
 * A transaction that takes several locks takes them in this one order, as every other does, so none
 * waits on another in a circle: `staff-accounts`, `tutor-account:`, `class-place:`, `account:`, then
 * `lesson-slot:` and `lesson-tutor:` (in name order, holdLocks), then the `throttle:` budgets of the
 * e-mails it queues (in name order).
 */
export async function holdLock<T>(trx: Transaction<Database>, key: string, work: () => Promise<T>): Promise<T> {
  await trx
    .insertInto('locks')
    .values({ key })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ key }))
    .execute()
  const result = await work()
  await trx.deleteFrom('locks').where('key', '=', key).execute()
  return result
}

/** Takes every lock named in `keys`, in the order of their names (as every transaction that takes several must), then runs `work`. */
export function holdLocks<T>(trx: Transaction<Database>, keys: readonly string[], work: () => Promise<T>): Promise<T> {
  const [first, ...rest] = [...new Set(keys)].sort()
  return first === undefined ? work() : holdLock(trx, first, () => holdLocks(trx, rest, work))
}

/**
 * `query`, reading rows locked against change to the end of the transaction on PostgreSQL (`FOR
 * UPDATE`): a change another transaction has made to one of them and not committed is waited for, and
 * read as committed. SQLite needs none: a transaction that has taken a named lock holds its one write
 * lock already.
 */
export function lockedAsRead<Query extends { forUpdate(): Query }>(query: Query): Query {
  return databaseSettings().engine === 'postgres' ? query.forUpdate() : query
}

/** The current time as stored: ISO-8601 UTC text, which sorts and compares as a string on both engines. */
export function nowIso(at = new Date()) {
  return at.toISOString()
}
