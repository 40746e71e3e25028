// The server's settings, read and checked once. Production refuses to start
// without a session secret: `npm start` creates one per installation in
// data/session-secret; a real deployment sets SESSION_SECRET.
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { SITE } from '~/site'

const SECRET_FILE = 'data/session-secret'
const DEVELOPMENT_SECRET = 'development-only-secret-not-for-production-use'
const MIN_SECRET_LENGTH = 32

function readSecretFile(file: string) {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return undefined
  }
}

// The hero's third-party booking button (spec §7): its script's address, token included.
// Unset, the hero offers a link to /contact instead.
function readSchedulingScriptUrl() {
  const raw = process.env.SCHEDULING_SCRIPT_URL
  if (!raw) return null
  try {
    const url = new URL(raw)
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href
  } catch {
    // Reported below, like any other address that is not http(s).
  }
  console.warn(`SCHEDULING_SCRIPT_URL is not an http(s) address, so the booking button is off: ${raw}`)
  return null
}

function readTrustedProxies() {
  const raw = process.env.TRUST_PROXY ?? '0'
  const hops = Number(raw)
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) throw new Error(`TRUST_PROXY must be the number of proxies in front of the app (0 to 10), not ${raw}`)
  return hops
}

// The most e-mails of each kind visitors' posts may make the site send in an hour (mail/mail.server.ts):
// far above a busy hour's real posts, far below what a flood would send.
const DEFAULT_MAIL_CEILING_PER_HOUR = 200

function readMailCeiling() {
  const raw = process.env.MAIL_CEILING_PER_HOUR
  if (raw === undefined || raw === '') return DEFAULT_MAIL_CEILING_PER_HOUR
  const ceiling = Number(raw)
  if (!Number.isInteger(ceiling) || ceiling < 1) throw new Error(`MAIL_CEILING_PER_HOUR must be a whole number of e-mails, 1 or more, not ${raw}`)
  return ceiling
}

export type DatabaseSettings = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string }

/**
 * Where the data lives: PostgreSQL when DATABASE_URL is a postgres:// address, else the
 * SQLite file DATABASE_PATH (data/brightwell.db). Read apart from the other settings, so
 * tools that only touch the database (npm run staff) need no session secret.
 */
export function databaseSettings(): DatabaseSettings {
  const url = process.env.DATABASE_URL
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must be a postgres:// address (unset it to use SQLite)')
    return { engine: 'postgres', url }
  }
  return { engine: 'sqlite', file: path.resolve(process.env.DATABASE_PATH ?? 'data/brightwell.db') }
}

function loadEnv() {
  const isProduction = process.env.NODE_ENV === 'production'
  const secret = process.env.SESSION_SECRET ?? readSecretFile(path.resolve(SECRET_FILE)) ?? (isProduction ? undefined : DEVELOPMENT_SECRET)
  if (!secret || secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `SESSION_SECRET must be set to at least ${MIN_SECRET_LENGTH} random characters in production ` +
        `(or run \`npm start\`, which creates ${SECRET_FILE}).`,
    )
  }
  return {
    isProduction,
    sessionSecret: secret,
    outboxDir: path.resolve(process.env.OUTBOX_DIR ?? 'data/outbox'),
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM ?? 'Brightwell Tutoring <no-reply@brightwelltutoring.co.uk>',
    officeEmail: process.env.OFFICE_EMAIL || SITE.officeEmail,
    safeguardingEmail: process.env.SAFEGUARDING_EMAIL || SITE.safeguardingEmail,
    siteUrl: process.env.SITE_URL?.replace(/\/+$/, '') || `http://localhost:${process.env.PORT || 3000}`,
    // How many proxies in front of the app append to X-Forwarded-For (nginx is one): only their
    // entries may name the client (http/client-address.server.ts).
    trustedProxies: readTrustedProxies(),
    schedulingScriptUrl: readSchedulingScriptUrl(),
    mailCeilingPerHour: readMailCeiling(),
  }
}

export type Env = ReturnType<typeof loadEnv>

let env: Env | undefined

export function getEnv(): Env {
  env ??= loadEnv()
  return env
}
