// What the server under test stored: its database (the SQLite file, or PostgreSQL for the
// projects that test the site on PostgreSQL) and the e-mails its SMTP server received (one .eml
// file each, in the order they arrived), as the test's project names them.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { test } from '@playwright/test'
import Database from 'better-sqlite3'
import pg from 'pg'

import { parseMailMessage, type MailMessage } from '../tools/mail-message'

/** Where a site under test keeps what it stores: a project's metadata (playwright.config.ts). */
export type SiteUnderTest = { databasePath?: string; databaseUrl?: string; mailDir: string; smtpUrl: string }

function siteUnderTest() {
  return test.info().project.metadata as SiteUnderTest
}

/**
 * The site's own reminder job (lessons/reminders.server.ts) and mail sender, run in the test's process
 * on the site's database and SMTP server with the test's clock: both take the time they judge by, and a
 * server runs them only with the real one.
 */
export async function sendDueRemindersAsAt(at: Date) {
  const { databaseUrl, databasePath, smtpUrl } = siteUnderTest()
  Object.assign(process.env, { DATABASE_URL: databaseUrl ?? '', DATABASE_PATH: databasePath ?? '', SMTP_URL: smtpUrl, SITE_URL: 'http://brightwell.test' })
  const { sendDueReminders } = await import('~/lessons/reminders.server')
  const { deliverDueMail } = await import('~/mail/mail.server')
  await sendDueReminders(at)
  // Queued at the test's time, so due only by that clock.
  await deliverDueMail(at)
}

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** Rows of `table` matching `where`, whose `?` take `params` in order. */
export async function countRows(table: string, where = '1 = 1', ...params: unknown[]) {
  const { databaseUrl: url, databasePath } = siteUnderTest()
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
  const db = new Database(databasePath!, { readonly: true })
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).get(...params) as { n: number }).n
  } finally {
    db.close()
  }
}

// A message file never changes once it appears (tests/tools/smtp-server.mjs), so each is read once per
// worker: the tests ask for an address's mail again and again while the folder grows to hundreds.
const parsedMail = new Map<string, MailMessage>()

function parsedMailFile(file: string) {
  let message = parsedMail.get(file)
  if (!message) parsedMail.set(file, (message = parseMailMessage(readFileSync(file, 'utf8'))))
  return message
}

/** Every message received for `to`, oldest first, decoded: headers, text and parts. */
export function mailsTo(to: string) {
  const folder = siteUnderTest().mailDir
  if (!existsSync(folder)) return []
  return readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => parsedMailFile(path.join(folder, file)))
    .filter((message) => message.header('To') === to)
}

/** The newest message received for `to`. */
export function lastMailTo(to: string) {
  return mailsTo(to).at(-1)
}

// Not simply in the newest message: two e-mails queued together (a sign-up's confirmation and a reset
// link asked for at once) are sent together, and may arrive in either order.
/** The newest link of `pattern` e-mailed to `to`, once one has arrived. */
export function linkMailedTo(to: string, pattern: RegExp) {
  return mailsTo(to)
    .map((message) => pattern.exec(message.text)?.[0])
    .filter((link) => link !== undefined)
    .at(-1)
}

/** The subjects of the messages received for `to`, in the order they arrived. */
export function subjectsMailedTo(to: string) {
  return mailsTo(to).map((message) => message.header('Subject'))
}

/** Makes the account staff as the site's owner does: `npm run staff -- grant EMAIL`, on the server's database. */
export function grantStaff(email: string) {
  const { databaseUrl, databasePath } = siteUnderTest()
  const database = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '', DATABASE_PATH: databasePath! }
  execFileSync('npm', ['run', '--silent', 'staff', '--', 'grant', email], { env: { ...process.env, ...database }, stdio: 'pipe' })
}
