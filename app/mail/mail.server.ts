// Outgoing e-mail, built by nodemailer. Every automatic e-mail is queued in the database first
// (db/mail-queue.server.ts) and sent from there by this process's sender, which retries while the
// mail server is down or answers "try later", so an e-mail survives an outage or a restart.
// With SMTP_URL set, messages go out through SMTP; otherwise nodemailer's stream transport builds
// each message and it is written to the outbox folder (OUTBOX_DIR, data/outbox) as one .eml file,
// so a developer can open it and follow its links.
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import nodemailer from 'nodemailer'

import { normaliseEmail } from '~/db/accounts.server'
import { getDb, openedDb, type Queries } from '~/db/database.server'
import { claimDueMail, holdQueueUntil, insertMail, markMailSent, markMailUnsent, type OutgoingMail, type QueuedMail, type QueuedMessage } from '~/db/mail-queue.server'
import { countAgainstCeilings, isAtLimit, recordAttemptUnlessThrottled, THROTTLE_LIMITS, type ThrottleCheck } from '~/db/throttle.server'
import { getEnv } from '~/env.server'

export type Mail = QueuedMessage

type Transport = ReturnType<typeof nodemailer.createTransport>

let transport: Transport | undefined

// A stalled mail server is given up on well within a sender's lease (LEASE_MS), after which another
// sender may take the e-mail: nodemailer's own defaults would wait up to 10 minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }

function getTransport(): Transport {
  const { smtpUrl } = getEnv()
  transport ??= smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return transport
}

export async function sendMail(mail: Mail): Promise<void> {
  const { smtpUrl, mailFrom, outboxDir, officeEmail } = getEnv()
  // Our e-mails ask families to reply (to cancel, to add something): a reply reaches the office, unless
  // the e-mail names someone else (an office notice, replied to the visitor who wrote).
  const info = await getTransport().sendMail({ from: mailFrom, replyTo: officeEmail, ...mail })
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
 * Queues an e-mail and wakes the sender: what the page reports stands even if the mail server is
 * down, and the visitor's answer waits only for the row. Never rejects: a failure to queue is logged.
 */
export async function queueMail(mail: Mail, what: string) {
  try {
    await insertMail({ message: mail, what }, new Date())
    wakeMailSender()
  } catch (error) {
    console.error(`mail: could not queue ${what}`, error)
  }
}

// Long enough for any SMTP exchange: a lease that runs out means its sender died mid-send.
const LEASE_MS = 2 * 60_000
// Another process's e-mails, and retries that have waited out their backoff, are looked for this often.
const POLL_MS = 5_000
// E-mails sent side by side, each on its own SMTP connection: a mail server may pause before it greets
// (smtp-server: 100 ms), so one at a time, a queue that built up during an outage drains slowly.
const SENDING_AT_ONCE = 5
// A day of "try later" and the e-mail is given up, for the office to see and send again.
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000

/** How long after its `attempts`-th failure an e-mail is tried again: 30 s, doubling, at most 30 min. */
function retryDelayMs(attempts: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000)
}

// An enhanced status code (RFC 3463) after a 5xx reply, read from the reply's first characters only.
const ENHANCED_CODE = /^5\d\d[ -]5\.(\d{1,3}\.\d{1,3})(?:[ \r\n]|$)/
// The codes that say the refusal is this e-mail's own: its address (no such mailbox, no such domain, a bad
// address, moved, a domain that takes no mail), its mailbox (disabled, full, too small for it), or its
// content. X.1.7 and X.1.8 are about our sender, and X.2.0 is Microsoft 365 refusing the site's account.
const THIS_EMAILS_OWN = new Set(['1.1', '1.2', '1.3', '1.6', '1.10', '2.1', '2.2', '2.3'])

type SmtpError = { code?: unknown; responseCode?: unknown; command?: unknown; response?: unknown }

/** A 5xx answer to an e-mail's recipient or content: the mail server will not take it as it stands. */
function isRefusal(error: unknown) {
  const { responseCode, command } = error as SmtpError
  return typeof responseCode === 'number' && responseCode >= 500 && (command === 'RCPT TO' || command === 'DATA')
}

/**
 * A refusal for good of this e-mail: one whose enhanced code says it is about the address, the mailbox
 * or the content. Any other (a policy or a quota, "554 5.7.1 sending paused", "554 5.2.0 …
 * OutboundSpamException", or a bare code, which may as well be "550 relay not permitted") may be the
 * mail provider refusing the site's account, every e-mail alike: it is tried again, as a 4xx is, and
 * given up only after the day any e-mail is.
 */
function isPermanent(error: unknown) {
  if (!isRefusal(error)) return false
  const { response } = error as SmtpError
  const enhanced = typeof response === 'string' ? ENHANCED_CODE.exec(response.slice(0, 16)) : null
  return enhanced !== null && (enhanced[1]!.startsWith('6.') || THIS_EMAILS_OWN.has(enhanced[1]!))
}

/** A refusal of the site rather than of this e-mail: our login (a password changed at the provider), or our sender. */
function refusesTheSite(error: unknown) {
  const { code, responseCode, command } = error as SmtpError
  return code === 'EAUTH' || (typeof responseCode === 'number' && responseCode >= 500 && command === 'MAIL FROM')
}

/**
 * How a claimed e-mail went: taken by the mail server ('sent'); given up, or to be tried again after a
 * failure that is not a refusal ('done'); refused by a reply that may be the provider's refusal of the
 * site, to be tried again at `retryAt` ('refused'); or the site itself refused.
 */
type Delivery = { outcome: 'sent' | 'done' } | { outcome: 'refused'; to: string; reply: string; retryAt: Date } | { outcome: 'site refused' }

/** Sends one claimed e-mail and records how it went. */
async function deliver(db: Queries, mail: QueuedMail, now: Date): Promise<Delivery> {
  try {
    await sendMail(mail.message)
  } catch (error) {
    const retryAt = new Date(now.getTime() + retryDelayMs(mail.attempts))
    const giveUp = isPermanent(error) || retryAt.getTime() - new Date(mail.queuedAt).getTime() > GIVE_UP_AFTER_MS
    await markMailUnsent(db, mail, error instanceof Error ? error.message : String(error), giveUp ? null : retryAt)
    console.error(`mail: could not send ${mail.what} (attempt ${mail.attempts}); ${giveUp ? 'given up' : `trying again at ${retryAt.toISOString()}`}`, error)
    if (refusesTheSite(error)) {
      // Tried each on its own, a queue would log in once an e-mail: a storm of failed logins, which a
      // provider may answer by locking the account out. The queue waits as this e-mail does.
      if (!giveUp) await holdQueueUntil(db, retryAt, new Date())
      return { outcome: 'site refused' }
    }
    if (!giveUp && isRefusal(error)) return { outcome: 'refused', to: normaliseEmail(mail.message.to), reply: String((error as SmtpError).response).slice(0, 200), retryAt }
    return { outcome: 'done' }
  }
  // Outside the catch: an e-mail the server took is never marked for another try.
  await markMailSent(db, mail, new Date())
  return { outcome: 'sent' }
}

/**
 * Whether a batch's refusals are the provider's refusal of the site: nothing of the batch taken, and the
 * same reply, word for word, to two or more addresses. Refused alike, the queue waits as they do, so that
 * a paused account is not tried once an e-mail (a provider may extend a pause for that). A refusal of one
 * address, or of a few beside e-mails the server took (two made-up addresses a stranger typed, which the
 * relay refuses in the same words), is left to its own retries and holds no one else's mail back.
 */
function refusedAlike(deliveries: readonly Delivery[]): Date | null {
  if (deliveries.some((delivery) => delivery.outcome === 'sent')) return null
  const refused = deliveries.flatMap((delivery) => (delivery.outcome === 'refused' ? [delivery] : []))
  for (const { reply } of refused) {
    const alike = refused.filter((other) => other.reply === reply)
    if (new Set(alike.map((other) => other.to)).size >= 2) return new Date(Math.max(...alike.map((other) => other.retryAt.getTime())))
  }
  return null
}

/**
 * Sends every e-mail due at `now`, a few at a time, until none is left that this sender may take.
 * Works on the database as it is open now; nothing to do while it is closed.
 */
export async function deliverDueMail(now = new Date()) {
  const db = await openedDb()
  if (!db) return
  // A round can outlast a lease (a backlog after an outage): each batch is claimed at the round's time
  // plus what the round has taken so far. Its lease runs on the real clock, whatever the round's time:
  // it stands for an SMTP exchange under way, which a round judging what is due by a later clock (the
  // reminders, run as at the time they fall due) must leave alone, or the e-mail goes twice.
  const roundStarted = Date.now()
  const clock = () => new Date(now.getTime() + (Date.now() - roundStarted))
  try {
    for (;;) {
      const claimedAt = clock()
      const batch = await claimDueMail(db, { dueBy: claimedAt, leasedAt: new Date() }, LEASE_MS, SENDING_AT_ONCE)
      if (batch.length === 0) return
      const deliveries = await Promise.all(batch.map((mail) => deliver(db, mail, claimedAt)))
      if (deliveries.some((delivery) => delivery.outcome === 'site refused')) return
      const heldUntil = refusedAlike(deliveries)
      if (heldUntil) return holdQueueUntil(db, heldUntil, new Date())
    }
  } catch (error) {
    // Closed under the round (shutdown, a test's fresh database): the next round finds what is left.
    if ((await openedDb()) === db) throw error
  }
}

let delivering: Promise<void> | null = null
let wokenMeanwhile = false

/** Starts a delivery round unless one is running; one that is runs once more when it ends. */
export function wakeMailSender() {
  if (delivering) {
    wokenMeanwhile = true
    return
  }
  delivering = deliverDueMail()
    .catch((error: unknown) => console.error('mail: the sender could not read the queue', error))
    .finally(() => {
      delivering = null
      if (wokenMeanwhile) {
        wokenMeanwhile = false
        wakeMailSender()
      }
    })
}

/** This process's sender: at start, with the database opened for it (what an earlier process left), then every few seconds. */
export function startMailSender() {
  getDb().then(wakeMailSender, (error: unknown) => console.error('mail: the sender could not open the database', error))
  const polling = setInterval(wakeMailSender, POLL_MS).unref()
  // On these signals remix-serve stops taking requests and the process ends once its work is done; a poll
  // every 5 s would keep a PostgreSQL connection in use for ever, so the sender stops polling with it.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => clearInterval(polling))
}

/** The four budgets of automatic e-mail to one address (db/throttle.server.ts). */
export type VisitorMail = 'acknowledgement' | 'account link' | 'account notice' | 'account alert'

const BUDGETS = {
  acknowledgement: ['mail-to', THROTTLE_LIMITS.acknowledgementsPerRecipient],
  'account link': ['account-link-to', THROTTLE_LIMITS.accountLinksPerRecipient],
  'account notice': ['account-notice-to', THROTTLE_LIMITS.accountNoticesPerRecipient],
  'account alert': ['account-alert-to', THROTTLE_LIMITS.accountAlertsPerRecipient],
} as const

// Mail services that ignore the dots of an address's local part.
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * The mailbox an address reaches, as far as we can tell: what follows a + in the local part is a
 * tag most services deliver to the same inbox (ann+1@, ann+2@), and Gmail ignores dots. The budget
 * is the mailbox's, or each spelling would bring its own 3 e-mails.
 */
function mailboxOf(address: string) {
  const email = normaliseEmail(address)
  const at = email.lastIndexOf('@')
  const domain = email.slice(at + 1)
  const local = email.slice(0, at).split('+')[0]!
  return DOTLESS_DOMAINS.has(domain) ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`
}

/**
 * The budget of automatic e-mails of `kind` to `address` this hour: its mailbox's, or, for an account's
 * own proven address (`addressProven`), the address's as written. A stranger can open an account at a
 * tag of that address (ann+m@ for ann@, the same inbox) and spend the mailbox's budget with it; the
 * proven address's own budget only its account's mail spends.
 */
function budgetOf(address: string, kind: VisitorMail, addressProven = false): ThrottleCheck {
  const [prefix, limit] = BUDGETS[kind]
  return addressProven ? [`${prefix}-proven:${normaliseEmail(address)}`, limit] : [`${prefix}:${mailboxOf(address)}`, limit]
}

/**
 * The most e-mails of `kind` that visitors' posts may make the whole site send in an hour
 * (MAIL_CEILING_PER_HOUR each). Each address's budget stops a flood aimed at one inbox; posts from many
 * clients naming many addresses, or the office's notices of them, would have no end without this.
 * Each kind has its own, so a flood of messages never leaves a family's reset link unsent.
 */
function ceilingOf(kind: VisitorMail | 'office notice' | 'safeguarding notice'): ThrottleCheck {
  return [`site-${kind.replace(' ', '-')}s`, { attempts: getEnv().mailCeilingPerHour, windowMinutes: 60 }]
}

/**
 * An automatic e-mail to an address a visitor typed (an acknowledgement, a welcome, a confirmation
 * or reset link), to be queued with the change that causes it: only while that address has not had
 * its 3 of that kind this hour, so our forms cannot flood an inbox, nor relay a stranger's words to
 * it, and while the site is under its hourly ceiling for the kind.
 */
export function visitorMail(mail: Mail, kind: VisitorMail, what: string): OutgoingMail {
  return { message: mail, what, budget: budgetOf(mail.to, kind), ceiling: ceilingOf(kind) }
}

/**
 * An alert to an account's own address of what was done signed in to it (a new password, a move to
 * another address), within the address's budget of such alerts. Once the address is proven no
 * ceiling holds one back: only the holder, or whoever has the password, can cause it, and the holder
 * must hear of it. Until then it is a stranger's typed address like any other.
 */
export function accountAlert(mail: Mail, what: string, addressProven: boolean): OutgoingMail {
  return { message: mail, what, budget: budgetOf(mail.to, 'account alert', addressProven), ceiling: addressProven ? undefined : ceilingOf('account alert') }
}

/** Whether `address` has had its hour's e-mails of any of `kinds`, or the site has sent its hour's of any of them. */
export async function isAnyLimitReached(address: string, kinds: readonly VisitorMail[]) {
  const db = await getDb()
  for (const kind of kinds) if ((await isAtLimit(db, budgetOf(address, kind))) || (await isAtLimit(db, ceilingOf(kind)))) return true
  return false
}

/**
 * A notice to the team (the office, or a tutor) of what a visitor posted (a message, an application,
 * a lesson request or its withdrawal, a class place), within the site's hourly ceiling of such
 * notices: past it, the post is in the office and the dashboard without an e-mail of its own. What
 * staff and tutors do is never held back.
 */
export function teamNotice(mail: Mail, what: string): OutgoingMail {
  return { message: mail, what, ceiling: ceilingOf('office notice') }
}

/** The office's notice of what a visitor posted (`teamNotice`). */
export function officeNotice(mail: Omit<Mail, 'to'>, what: string): OutgoingMail {
  return teamNotice({ to: officeAddress(), ...mail }, what)
}

/**
 * A safeguarding concern, to the Designated Safeguarding Lead's own inbox rather than the office's
 * (SAFEGUARDING_EMAIL). Its ceiling is its own: a flood of other messages never holds one back.
 */
export function safeguardingNotice(mail: Omit<Mail, 'to'>, what: string): OutgoingMail {
  return { message: { to: getEnv().safeguardingEmail, ...mail }, what, ceiling: ceilingOf('safeguarding notice') }
}

/**
 * Queues, on its own, an automatic e-mail to an address a visitor typed (`visitorMail`,
 * `accountAlert`), within its budget and ceiling: for an e-mail that no stored change causes.
 * Resolves to whether it is queued; it never rejects (a failure is logged).
 */
export async function mailVisitor(mail: OutgoingMail): Promise<boolean> {
  try {
    const queued = await insertMail(mail, new Date())
    if (queued) wakeMailSender()
    return queued
  } catch (error) {
    console.error(`mail: could not send ${mail.what}`, error)
    return false
  }
}

/**
 * Counts one automatic e-mail of `kind` to `address` against its hourly budget and the site's ceiling;
 * false, counting nothing, once either is reached. A proven address's own reset link (`addressProven`)
 * has the address's own budget only: it relays nothing a stranger wrote to an inbox its holder did not
 * prove, so a flood of sign-ups that spends the ceiling must not keep a family from its password.
 */
export async function mayMailVisitor(address: string, kind: VisitorMail, addressProven = false) {
  const db = await getDb()
  const ceilings = addressProven ? [] : [ceilingOf(kind)]
  for (const ceiling of ceilings) if (await isAtLimit(db, ceiling)) return false
  if ((await recordAttemptUnlessThrottled([budgetOf(address, kind, addressProven)])) === null) return false
  await countAgainstCeilings(db, ceilings)
  return true
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
