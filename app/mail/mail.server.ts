// Outgoing e-mail, built by nodemailer. With SMTP_URL set, messages go out through SMTP;
// otherwise nodemailer's stream transport builds each message and it is written to the
// outbox folder (OUTBOX_DIR, data/outbox) as one .eml file, so a developer can open it
// and follow its links.
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import nodemailer from 'nodemailer'

import { normaliseEmail } from '~/db/accounts.server'
import { recordAttemptUnlessThrottled, THROTTLE_LIMITS } from '~/db/throttle.server'
import { getEnv } from '~/env.server'

export type Mail = {
  to: string
  subject: string
  text: string
  /** Where replies go, when not to us: the visitor who wrote, for a notice to the office. */
  replyTo?: string
  /** Extra headers, such as List-Unsubscribe; values we build, never visitor text. */
  headers?: Record<string, string>
}

type Transport = ReturnType<typeof nodemailer.createTransport>

let transport: Transport | undefined

function getTransport(): Transport {
  const { smtpUrl } = getEnv()
  transport ??= smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return transport
}

export async function sendMail(mail: Mail): Promise<void> {
  const { smtpUrl, mailFrom, outboxDir } = getEnv()
  const info = await getTransport().sendMail({ from: mailFrom, ...mail })
  if (smtpUrl) return
  const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`)
  await writeToOutbox(file, (info as { message: Buffer }).message)
  console.info(`mail: wrote ${path.relative(process.cwd(), file)} (no SMTP_URL set)`)
}

// The folder is made when a write finds it missing, not checked before every message: most
// forms send two e-mails, and under load those extra file-system calls added up. Messages hold
// live links (a password reset), so the folder and each file are the app's own user's only.
async function writeToOutbox(file: string, message: Buffer) {
  try {
    await writeFile(file, message, { mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
    await writeFile(file, message, { mode: 0o600 })
  }
}

/**
 * Sends in the background: what the e-mail reports stands even if the mail server is down,
 * and the visitor's answer need not wait for it. A failure is logged.
 */
export function sendInBackground(mail: Mail, what: string) {
  sendMail(mail).catch((error: unknown) => console.error(`mail: could not send ${what}`, error))
}

/** The two budgets of automatic e-mail to one address (db/throttle.server.ts). */
export type VisitorMail = 'acknowledgement' | 'account link'

const BUDGETS = {
  acknowledgement: ['mail-to', THROTTLE_LIMITS.acknowledgementsPerRecipient],
  'account link': ['account-mail-to', THROTTLE_LIMITS.accountMailsPerRecipient],
} as const

/**
 * Sends an automatic e-mail to an address a visitor typed (an acknowledgement, a welcome, a
 * confirmation or reset link), in the background, unless that address has had its 3 of that kind
 * this hour: so our forms cannot flood an inbox, nor relay a stranger's words to it. Resolves to
 * whether it is being sent; it never rejects (a failure is logged).
 */
export async function mailVisitor(mail: Mail, kind: VisitorMail, what: string): Promise<boolean> {
  try {
    if (!(await mayMailVisitor(mail.to, kind))) {
      console.info(`mail: not sending ${what}: its address has had its automatic e-mails for this hour`)
      return false
    }
  } catch (error) {
    console.error(`mail: could not send ${what}`, error)
    return false
  }
  sendInBackground(mail, what)
  return true
}

/** Counts one automatic e-mail of `kind` to `address` against its hourly limit; false, counting nothing, once the limit is reached. */
export async function mayMailVisitor(address: string, kind: VisitorMail) {
  const [prefix, limit] = BUDGETS[kind]
  return (await recordAttemptUnlessThrottled([[`${prefix}:${normaliseEmail(address)}`, limit]])) !== null
}

/** Says once, at start, where mail goes when no SMTP server is set: nothing reaches anyone then. */
export function reportMailTransport() {
  const { smtpUrl, outboxDir, isProduction } = getEnv()
  if (smtpUrl || !isProduction) return
  console.warn(`mail: SMTP_URL is not set, so no e-mail is sent: every message is written to ${outboxDir} instead.`)
}

/** The office's address: OFFICE_EMAIL, else the one in site.ts. */
export function officeAddress() {
  return getEnv().officeEmail
}

/**
 * The site's own address for links in e-mails: SITE_URL, else this machine's
 * localhost. Never the request's Host header, which a client chooses.
 */
export function siteOrigin() {
  return getEnv().siteUrl
}
