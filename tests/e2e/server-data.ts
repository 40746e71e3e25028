// What the server under test stored: its database (the SQLite file, or PostgreSQL in the
// run that sets E2E_DATABASE_URL) and its mail outbox.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import Database from 'better-sqlite3'
import pg from 'pg'

import { parseMailMessage } from '../tools/mail-message'

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** Rows of `table` matching `where`, whose `?` take `params` in order. */
export async function countRows(table: string, where = '1 = 1', ...params: unknown[]) {
  const url = process.env.E2E_DATABASE_URL
  if (url) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      let index = 0
      const { rows } = await client.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where.replace(/\?/g, () => `$${++index}`)}`, params)
      return Number(rows[0].n)
    } finally {
      await client.end()
    }
  }
  const db = new Database(process.env.E2E_DATABASE_PATH ?? 'data/e2e.db', { readonly: true })
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).get(...params) as { n: number }).n
  } finally {
    db.close()
  }
}

/** Every message in the outbox addressed to `to`, oldest first, decoded: headers and text. */
export function mailsTo(to: string) {
  const outbox = process.env.E2E_OUTBOX_DIR ?? 'data/e2e-outbox'
  if (!existsSync(outbox)) return []
  return readdirSync(outbox)
    .sort()
    .map((file) => parseMailMessage(readFileSync(path.join(outbox, file), 'utf8')))
    .filter((message) => message.header('To') === to)
}

/** The newest message in the outbox addressed to `to`. */
export function lastMailTo(to: string) {
  return mailsTo(to).at(-1)
}

/** Makes the account staff as the site's owner does: `npm run staff -- grant EMAIL`, on the server's database. */
export function grantStaff(email: string) {
  const database = process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATABASE_URL: '', DATABASE_PATH: process.env.E2E_DATABASE_PATH ?? 'data/e2e.db' }
  execFileSync('npm', ['run', '--silent', 'staff', '--', 'grant', email], { env: { ...process.env, ...database }, stdio: 'pipe' })
}
