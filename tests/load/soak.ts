// `npm run soak`: builds the site and runs the production server on loopback under 50
// connections of mixed page views and valid form posts (contact, newsletter, lesson
// request) for 25 s, kills it with SIGKILL mid-load, restarts it on the same port and
// database, loads it 25 s more, then checks the database: PRAGMA integrity_check must
// say ok, and every post that got a success answer must have its row. The only errors
// allowed are connections refused or reset while the server was down.
//
// The site sends its e-mail to a real SMTP server here, which is stopped 5 s into the load and
// started again 30 s later (so it is down across the kill). Once the queue has drained, every
// post that got a success answer must have had its e-mails delivered (the visitor's, and the
// office's for a message; a lesson request sent signed out waits for its link, which is its only
// e-mail until its owner follows it), and none twice beyond the e-mails a sender held
// when it was killed (the one duplicate a crash may cause, decision 017).
import { rm } from 'node:fs/promises'
import { Agent } from 'node:http'

import { sql } from 'kysely'

import { openDatabase } from '~/db/database.server'

import { setFlash } from '~/http/flash.server'
import { ENHANCED_FIELD } from '~/http/enhanced-post'
import { NEWSLETTER_MESSAGES } from '~/forms/newsletter'
import { NOTICES } from '~/messages/notices'

import { ROUTES } from '../e2e/routes'
import { parseMailMessage } from '../tools/mail-message'
import { startSmtpServer } from '../tools/smtp-server.mjs'
import { isFailure, send, type HttpAnswer, type HttpResult } from './http'
import { createRandom, seedFrom, type Random } from './random'
import { formatTable } from './report'
import { buildSite, prepareSettings, startServer, type RunningServer, type ServerSettings } from './server'
import { readTutorSlots } from './tutor-slots'

const CONNECTIONS = 50
const LOAD_BEFORE_KILL_MS = 25_000
const LOAD_AFTER_RESTART_MS = 25_000
const TIMEOUT_MS = 15_000
const HOUR_MS = 60 * 60 * 1000
const SMTP_DOWN_AT_MS = 5_000
const SMTP_DOWN_FOR_MS = 30_000
// Long enough for every retry's backoff and for the lease of an e-mail held at the kill (2 min) to run out.
const MAIL_DRAIN_TIMEOUT_MS = 5 * 60_000
const OFFICE_EMAIL = 'office@brightwelltutoring.co.uk'
// Errors a client sees when the server process is gone: nothing listening, or the connection dropped.
const DOWN_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE'])

type Form = 'contact' | 'newsletter' | 'lesson request'
// confirmed: a success answer; rejected: any other answer; refused: never connected;
// unconfirmed: connected, then the server died before answering.
type Outcome = 'confirmed' | 'rejected' | 'refused' | 'unconfirmed'
type Post = { form: Form; marker: string; outcome: Outcome }

type Job = { label: string; method: 'GET' | 'POST'; path: string; body?: Buffer; isSuccess: (answer: HttpAnswer) => boolean; post?: Post }

const htmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')
const jsonOf = (body: Buffer) => {
  try {
    return JSON.parse(body.toString('utf8')) as Record<string, unknown>
  } catch {
    return {}
  }
}

const SUBSCRIBED_FLASH = (await setFlash('newsletter:check-inbox')).split(';')[0]!

/**
 * A subscription asked for: JSON saying to look for the link (the enhanced form), or the redirect
 * back with that notice (a plain form post); either is a success.
 */
function isSubscribed(answer: HttpAnswer) {
  if (answer.status === 200) return jsonOf(answer.body).message === NEWSLETTER_MESSAGES.checkInbox
  const isRedirect = answer.status === 302 || (answer.status === 204 && answer.headers['x-remix-redirect'] !== undefined)
  return isRedirect && [answer.headers['set-cookie'] ?? []].flat().some((cookie) => cookie.startsWith(SUBSCRIBED_FLASH))
}

const seed = seedFrom('SOAK_SEED')
const runId = `soak${Date.now().toString(36)}`
// Slots at least an hour ahead stay free through the run: a request does not take its slot,
// the action only checks it against the tutor's timetable, so any number may ask for one.
const tutors = readTutorSlots(new Date(), HOUR_MS).filter((tutor) => tutor.slots.length > 0)
const pages = ROUTES.concat(tutors.slice(0, 5).map((tutor) => `/tutors/${tutor.id}`))
let postCount = 0

function createJob(random: Random): Job {
  if (random.chance(0.5)) return { label: 'GET pages', method: 'GET', path: random.pick(pages), isSuccess: (answer) => answer.status === 200 }
  const number = ++postCount
  const marker = `${runId}-${number}`
  const email = `${marker}@example.com`
  const name = `Soak ${number}`
  // Half as the enhanced form posts (a data request answered with JSON), half as a page post without JavaScript.
  const asData = random.chance(0.5)
  const form = random.pick(['contact', 'newsletter', 'lesson request'] as const)
  const post: Post = { form, marker, outcome: 'rejected' }
  const encode = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString())
  switch (form) {
    case 'contact':
      return {
        label: 'POST contact',
        method: 'POST',
        post,
        path: asData ? '/contact?_data=routes%2Fcontact' : '/contact',
        body: encode({ name, email, subject: 'General question', message: `Load test message ${marker}` }),
        isSuccess: (answer) => answer.status === 200 && (asData ? jsonOf(answer.body).ok === true : answer.body.toString('utf8').includes(htmlEscape(NOTICES.contactSent))),
      }
    case 'newsletter':
      return {
        label: 'POST newsletter',
        method: 'POST',
        post,
        path: asData ? '/newsletter?_data=routes%2Fnewsletter' : '/newsletter',
        // The hydrated footer form adds the enhanced field; a form without JavaScript does not.
        body: encode(asData ? { email, redirectTo: '/about', [ENHANCED_FIELD]: '1' } : { email, redirectTo: '/about' }),
        isSuccess: isSubscribed,
      }
    case 'lesson request': {
      const tutor = random.pick(tutors)
      return {
        label: 'POST lesson request',
        method: 'POST',
        post,
        path: `/tutors/${tutor.id}${asData ? '?_data=routes%2Ftutors.%24id' : ''}`,
        body: encode({ slot: random.pick(tutor.slots), name, email, message: `Load test ${marker}` }),
        // The confirmation names the student, in the JSON and on the page alike.
        isSuccess: (answer) => answer.status === 200 && answer.body.toString('utf8').includes(`Thank you, ${name}.`),
      }
    }
  }
}

type Tally = { sent: number; ok: number; rejected: number; refused: number; unconfirmed: number }
const tallies = new Map<string, Tally>()
const allowedErrors = new Map<string, number>()
const problems: string[] = []
const posts: Post[] = []
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)

// The server's life, on the clock http.ts stamps failures with.
let killedAt = Infinity
let backAt = Infinity
let stopAt = Infinity
let markBack = () => {}
const serverBack = new Promise<void>((resolve) => (markBack = resolve))

/** Counts the result; tells the connection whether the server answered, looked down, or failed. */
function record(job: Job, result: HttpResult): 'answered' | 'refused' | 'unconfirmed' | 'failed' {
  const tally = tallies.get(job.label) ?? { sent: 0, ok: 0, rejected: 0, refused: 0, unconfirmed: 0 }
  tallies.set(job.label, tally)
  tally.sent++
  if (job.post) posts.push(job.post)
  if (!isFailure(result)) {
    if (job.isSuccess(result)) {
      tally.ok++
      if (job.post) job.post.outcome = 'confirmed'
    } else {
      tally.rejected++
      problems.push(`${job.method} ${job.path} answered ${result.status}${result.cut ? ' (cut short)' : ''}`)
    }
    return 'answered'
  }
  const whileDown = result.failedAt >= killedAt && result.startedAt < backAt
  if (whileDown && DOWN_ERRORS.has(result.error)) {
    count(allowedErrors, result.error)
    const outcome = result.error === 'ECONNREFUSED' ? 'refused' : 'unconfirmed'
    tally[outcome]++
    if (job.post) job.post.outcome = outcome
    return outcome
  }
  tally.rejected++
  problems.push(`${job.method} ${job.path}: ${result.error}${whileDown ? ' while the server was down' : ' while the server was up'}`)
  return 'failed'
}

async function runConnection(index: number, origin: string, agent: Agent) {
  const random = createRandom(seed + index)
  while (performance.now() < stopAt) {
    const job = createJob(random)
    // Each request from its own family's address, as nginx reports it: the app limits what one
    // client may store in an hour, and the soak stands for many families, not one busy one.
    const client = { 'X-Forwarded-For': `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}` }
    const headers: Record<string, string> = job.body ? { ...client, 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, 'Sec-Fetch-Site': 'same-origin' } : client
    const result = await send({ origin, method: job.method, path: job.path, headers, body: job.body, agent, timeoutMs: TIMEOUT_MS })
    const seen = record(job, result)
    // A reset may be one dropped connection, so try again at once; a refusal means nothing is
    // listening: wait until the server is back rather than spin on refusals.
    if (seen === 'refused') await serverBack
    // Refused while it should be up: it died on its own, and every further request would say so again.
    if (seen === 'failed' && isFailure(result) && result.error === 'ECONNREFUSED') return
  }
}

/** SQLite's integrity_check (PostgreSQL has no such check to run) and the rows of each form's table that carry this run's markers. */
async function inspectDatabase(settings: ServerSettings) {
  const db = openDatabase(settings.database)
  try {
    const emails = async (table: 'contact_messages' | 'newsletter_subscribers' | 'unproven_lesson_requests') =>
      (await db.selectFrom(table).select('email').where('email', 'like', `${runId}-%`).execute()).map((row) => row.email.replace(/@example\.com$/, ''))
    const integrity =
      settings.database.engine === 'sqlite' ? (await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows.map((row) => row.integrity_check).join('; ') : null
    const mail = await db.selectFrom('mail_queue').select(['status', 'lease_until']).execute()
    const now = new Date().toISOString()
    return {
      integrity,
      // Held by a sender (a lease not yet run out): in flight, if that sender has just been killed.
      mail: { queued: mail.filter((row) => row.status === 'queued').length, failed: mail.filter((row) => row.status === 'failed').length, held: mail.filter((row) => row.status === 'queued' && row.lease_until !== null && row.lease_until > now).length },
      rows: { contact: await emails('contact_messages'), newsletter: await emails('newsletter_subscribers'), 'lesson request': await emails('unproven_lesson_requests') } satisfies Record<Form, string[]>,
    }
  } finally {
    await db.destroy()
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

console.log(`soak: seed ${seed} (SOAK_SEED=${seed} repeats the choices), ${CONNECTIONS} connections, run ${runId}`)
buildSite()
// Behind a proxy, as deployed: the client is the X-Forwarded-For each request carries.
type Delivery = { to: string; replyTo: string; subject: string }
const deliveries: Delivery[] = []
const keepDelivery = (raw: Buffer) => {
  const message = parseMailMessage(raw.toString('utf8'))
  deliveries.push({ to: message.header('To') ?? '', replyTo: message.header('Reply-To') ?? '', subject: message.header('Subject') ?? '' })
}
let smtp = await startSmtpServer({ onMessage: keepDelivery })
const smtpPort = smtp.port
const settings = { ...(await prepareSettings('soak')), trustedProxies: 1, smtpUrl: `smtp://127.0.0.1:${smtpPort}` }
let server: RunningServer = await startServer(settings, 1)
const origin = server.origin
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
const started = performance.now()
let atKill: Awaited<ReturnType<typeof inspectDatabase>>
let confirmedBeforeKill: Post[]
let mailDrainedAfter = 0
try {
  const connections = Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => runConnection(index, origin, agent)))
  const outage = (async () => {
    await sleep(SMTP_DOWN_AT_MS)
    await smtp.stop()
    await sleep(SMTP_DOWN_FOR_MS)
    // Back on the same port, which the site's SMTP_URL names.
    smtp = await startSmtpServer({ port: smtpPort, onMessage: keepDelivery })
  })()
  await sleep(LOAD_BEFORE_KILL_MS)
  const unexpectedExit = server.exit()
  if (unexpectedExit) problems.push(`the server stopped before the planned kill (${unexpectedExit})`)
  killedAt = performance.now()
  await server.kill()
  atKill = await inspectDatabase(settings)
  confirmedBeforeKill = posts.filter((post) => post.outcome === 'confirmed')
  server = await startServer(settings, 2)
  backAt = performance.now()
  stopAt = backAt + LOAD_AFTER_RESTART_MS
  markBack()
  await connections
  await outage
  const drainStart = performance.now()
  while ((await inspectDatabase(settings)).mail.queued > 0 && performance.now() - drainStart < MAIL_DRAIN_TIMEOUT_MS) await sleep(2_000)
  mailDrainedAfter = performance.now() - drainStart
  const finalExit = server.exit()
  if (finalExit) problems.push(`the restarted server stopped during the run (${finalExit})`)
} finally {
  await server.stop()
  await smtp.stop()
  agent.destroy()
}
const atEnd = await inspectDatabase(settings)

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
console.log(
  `\nload ${seconds(killedAt - started)}, SIGKILL, restarted and answering after ${seconds(backAt - killedAt)}, load ${seconds(stopAt - backAt)} more\n`,
)
const totals: Tally = { sent: 0, ok: 0, rejected: 0, refused: 0, unconfirmed: 0 }
const tallyRows = [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, tally]) => {
  for (const key of Object.keys(totals) as (keyof Tally)[]) totals[key] += tally[key]
  return [label, tally.sent, tally.ok, tally.rejected, tally.refused, tally.unconfirmed]
})
console.log(
  formatTable([
    ['requests', 'sent', 'succeeded', 'failed', 'refused (down)', 'reset (down)'],
    ...tallyRows,
    ['total', totals.sent, totals.ok, totals.rejected, totals.refused, totals.unconfirmed],
  ]),
)
console.log(`\n${(totals.sent / ((stopAt - started - (backAt - killedAt)) / 1000)).toFixed(0)} requests/s while the server was up`)
const allowed = [...allowedErrors.entries()].map(([kind, n]) => `${kind} x${n}`).join(', ') || 'none'
console.log(`connection errors while the server was down (allowed): ${allowed}`)
console.log(`other errors and failed answers: ${problems.length}`)

if (settings.database.engine === 'sqlite') console.log(`\nPRAGMA integrity_check: right after the kill "${atKill.integrity}", at the end "${atEnd.integrity}"`)
else console.log('\nPostgreSQL: no integrity check to run (it recovers from its write-ahead log); the rows below are the check')
for (const [moment, result] of [['after the kill', atKill], ['at the end', atEnd]] as const) {
  if (result.integrity !== null && result.integrity !== 'ok') problems.push(`integrity_check ${moment}: ${result.integrity}`)
}

const rowLines = (['contact', 'newsletter', 'lesson request'] as const).map((form) => {
  const sent = posts.filter((post) => post.form === form)
  const stored = new Set(atEnd.rows[form])
  const storedAtKill = new Set(atKill.rows[form])
  const with_ = (outcome: Outcome) => sent.filter((post) => post.outcome === outcome)
  const lost = with_('confirmed').filter((post) => !stored.has(post.marker))
  const lostAtKill = confirmedBeforeKill.filter((post) => post.form === form && !storedAtKill.has(post.marker))
  const inFlightStored = with_('unconfirmed').filter((post) => stored.has(post.marker))
  const refusedStored = with_('refused').filter((post) => stored.has(post.marker))
  const sentMarkers = new Set(sent.map((post) => post.marker))
  const neverSent = [...stored].filter((marker) => !sentMarkers.has(marker))
  const duplicates = atEnd.rows[form].length - stored.size
  if (lost.length > 0) problems.push(`${form}: ${lost.length} confirmed posts have no row, e.g. ${lost[0]!.marker}`)
  if (lostAtKill.length > 0) problems.push(`${form}: ${lostAtKill.length} posts confirmed before the kill were missing right after it`)
  if (refusedStored.length > 0) problems.push(`${form}: ${refusedStored.length} posts whose connection was refused were stored`)
  if (neverSent.length > 0) problems.push(`${form}: ${neverSent.length} rows match no post that was sent`)
  if (duplicates > 0) problems.push(`${form}: ${duplicates} duplicate rows`)
  return [form, sent.length, with_('confirmed').length, stored.size, lost.length, `${inFlightStored.length} of ${with_('unconfirmed').length}`, neverSent.length + duplicates]
})
console.log('\nrows against answers:\n')
console.log(formatTable([['form', 'posted', 'confirmed', 'rows', 'lost', 'in flight at kill, stored', 'unexpected rows'], ...rowLines]))
console.log('\n"lost": confirmed with a success answer but no row. "in flight at kill": the connection died before the answer; storing them or not is allowed.')

// E-mail: what each confirmed post should have caused, against what the SMTP server received.
const received = new Map<string, number>()
for (const delivery of deliveries) received.set(`${delivery.to} ${delivery.replyTo} ${delivery.subject}`, (received.get(`${delivery.to} ${delivery.replyTo} ${delivery.subject}`) ?? 0) + 1)
const extraCopies = [...received.values()].reduce((sum, copies) => sum + copies - 1, 0)
const confirmedPosts = posts.filter((post) => post.outcome === 'confirmed')
const undelivered = confirmedPosts.flatMap((post) => {
  const address = `${post.marker}@example.com`
  const missing: string[] = []
  if (!deliveries.some((delivery) => delivery.to === address)) missing.push(`${post.form} ${post.marker}: the visitor's e-mail`)
  if (post.form === 'contact' && !deliveries.some((delivery) => delivery.to === OFFICE_EMAIL && delivery.replyTo === address)) missing.push(`${post.form} ${post.marker}: the office's notice`)
  return missing
})
const expectedMails = confirmedPosts.reduce((sum, post) => sum + (post.form === 'contact' ? 2 : 1), 0)
console.log('\ne-mail (the SMTP server down from 5 s to 35 s, across the kill at 25 s):\n')
console.log(
  formatTable([
    ['expected from confirmed posts', 'received', 'missing', 'extra copies', 'held by the killed sender', 'queued at the end', 'failed', 'drained after'],
    [expectedMails, deliveries.length, undelivered.length, extraCopies, atKill.mail.held, atEnd.mail.queued, atEnd.mail.failed, seconds(mailDrainedAfter)],
  ]),
)
if (undelivered.length > 0) problems.push(`${undelivered.length} e-mails of confirmed posts never arrived, e.g. ${undelivered[0]}`)
if (extraCopies > atKill.mail.held) problems.push(`${extraCopies} e-mails arrived twice, more than the ${atKill.mail.held} a killed sender held`)
if (atEnd.mail.queued > 0 || atEnd.mail.failed > 0) problems.push(`the queue did not drain: ${atEnd.mail.queued} queued, ${atEnd.mail.failed} failed`)

if (problems.length > 0) {
  console.log(`\nFAILED: ${problems.length} problems${problems.length > 40 ? ' (first 40)' : ''}:`)
  for (const problem of problems.slice(0, 40)) console.log(`  ${problem}`)
  console.log(`\nserver logs and database kept in ${settings.workDir}`)
  process.exitCode = 1
} else {
  const integrity = settings.database.engine === 'sqlite' ? 'integrity ok, ' : ''
  console.log(`\nOK: ${integrity}no confirmed post lost, none of its e-mails lost, no errors but connections refused or reset while the server was down.`)
  await rm(settings.workDir, { recursive: true, force: true })
}
