// The one SQLite connection (better-sqlite3). The schema is built by numbered
// migrations, applied in order at first use and recorded in PRAGMA user_version.
import { mkdirSync } from 'node:fs'
import path from 'node:path'

import Database from 'better-sqlite3'

import { MIGRATIONS } from '~/db/migrations.server'
import { getEnv } from '~/env.server'

type DatabaseConnection = InstanceType<typeof Database>

function openDatabase(file: string): DatabaseConnection {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  migrate(db)
  return db
}

function migrate(db: DatabaseConnection) {
  const current = db.pragma('user_version', { simple: true }) as number
  MIGRATIONS.slice(current).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql)
      db.pragma(`user_version = ${current + index + 1}`)
    })()
  })
}

const holder = globalThis as { __database?: DatabaseConnection; __closesOnExit?: boolean }

/** The shared connection, opened on first use (and kept across dev rebuilds). */
export function getDb(): DatabaseConnection {
  if (!holder.__database) {
    holder.__database = openDatabase(getEnv().databasePath)
    // remix-serve stops accepting requests on SIGTERM and lets in-flight ones finish;
    // when the process then exits, close the database so its WAL is checkpointed.
    if (!holder.__closesOnExit) process.once('exit', closeDb)
    holder.__closesOnExit = true
  }
  return holder.__database
}

/** Closes the connection; the next getDb() opens it again (shutdown, and tests that restart). */
export function closeDb() {
  holder.__database?.close()
  holder.__database = undefined
}
