// The production server as the load scripts run it: built once, on loopback, with
// a throwaway database and outbox, started and stopped (or killed) by the script.
import { execSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { sql } from 'kysely'

import { openDatabase } from '~/db/database.server'
import type { DatabaseSettings } from '~/env.server'

const HOST = '127.0.0.1'
const START_TIMEOUT_MS = 30_000

export function buildSite() {
  // vite-node sets NODE_ENV=development for itself, which would give a development build.
  execSync('npx remix build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** LOAD_PORT when set (to keep runs inside a known range), else any free loopback port. */
export async function choosePort(): Promise<number> {
  return process.env.LOAD_PORT ? Number(process.env.LOAD_PORT) : freePort()
}

/**
 * The server's database: DATABASE_URL (PostgreSQL) when set, else a fresh SQLite file in the work
 * folder. `trustedProxies` is TRUST_PROXY: 1 behind nginx, none (the socket's address) by default.
 * `smtpUrl` is SMTP_URL: without it, e-mail goes to the work folder's outbox.
 */
export type ServerSettings = { port: number; workDir: string; database: DatabaseSettings; sessionSecret: string; trustedProxies?: number; smtpUrl?: string }

export async function prepareSettings(label: string): Promise<ServerSettings> {
  const workDir = await mkdtemp(path.join(tmpdir(), `brightwell-${label}-`))
  return {
    port: await choosePort(),
    workDir,
    database: process.env.DATABASE_URL ? { engine: 'postgres', url: process.env.DATABASE_URL } : { engine: 'sqlite', file: path.join(workDir, `${label}.db`) },
    sessionSecret: randomBytes(32).toString('hex'),
  }
}

export type RunningServer = {
  origin: string
  /** How the process ended, if it has: a crash shows here, not as an HTTP status. */
  exit: () => string | null
  /** Everything the server wrote to stderr so far (its error log). */
  errorLog: () => Promise<string>
  /** SIGTERM, then wait: remix-serve finishes in-flight requests and the database closes. */
  stop: () => Promise<void>
  /** SIGKILL, then wait: nothing gets to clean up, as in a crash. */
  kill: () => Promise<void>
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
}

/**
 * Resolves once `url` answers 2xx, so the first measured request does not race the
 * start-up; `checkAlive` throws to give up early when the process has died.
 */
export async function waitForAnswer(url: string, checkAlive: () => void = () => {}) {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    checkAlive()
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s`)
}

/**
 * Starts remix-serve on the settings' port and database; `round` names its log files.
 * `appDir` serves another Remix app's build, such as the benchmark's bare reference app.
 */
export async function startServer(settings: ServerSettings, round = 1, appDir = '.'): Promise<RunningServer> {
  const logPath = (stream: string) => path.join(settings.workDir, `server-${round}.${stream}.log`)
  const child = spawn(process.execPath, [path.resolve('node_modules/@remix-run/serve/dist/cli.js'), 'build/index.js'], {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST,
      PORT: String(settings.port),
      ...(settings.database.engine === 'postgres' ? { DATABASE_URL: settings.database.url } : { DATABASE_URL: '', DATABASE_PATH: settings.database.file }),
      OUTBOX_DIR: path.join(settings.workDir, 'outbox'),
      SMTP_URL: settings.smtpUrl ?? '',
      SESSION_SECRET: settings.sessionSecret,
      TRUST_PROXY: String(settings.trustedProxies ?? 0),
      // These scripts post thousands of forms in minutes and measure the whole of each post, its e-mails
      // queued and sent: the site's hourly ceiling on e-mail, which stops a flood, would leave most unqueued.
      MAIL_CEILING_PER_HOUR: String(1_000_000),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // remix-serve logs every request on stdout; keep it out of the report but on disk.
  child.stdout!.pipe(createWriteStream(logPath('out')))
  child.stderr!.pipe(createWriteStream(logPath('err')))
  const origin = `http://${HOST}:${settings.port}`
  const done = exited(child)
  try {
    await waitForAnswer(`${origin}/`, () => {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`)
    })
  } catch (error) {
    child.kill('SIGKILL')
    await done
    throw error
  }
  return {
    origin,
    exit: () => (child.exitCode !== null ? `exit code ${child.exitCode}` : child.signalCode ? `signal ${child.signalCode}` : null),
    errorLog: () => readFile(logPath('err'), 'utf8').catch(() => ''),
    stop: async () => {
      child.kill('SIGTERM')
      await done
    },
    kill: async () => {
      child.kill('SIGKILL')
      await done
    },
  }
}

// The app's tables, without the migrator's own and the locks (a lock row is not data).
const NOT_DATA = new Set(['kysely_migration', 'kysely_migration_lock', 'locks'])

/** Rows in every table of the server's database, by table name. */
export async function countRowsByTable(settings: ServerSettings): Promise<Record<string, number>> {
  const db = openDatabase(settings.database)
  try {
    const tables =
      settings.database.engine === 'postgres'
        ? await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`.execute(db)
        : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(db)
    const counts: Record<string, number> = {}
    for (const { name } of tables.rows.filter((table) => !NOT_DATA.has(table.name))) {
      const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(name)}`.execute(db)
      counts[name] = Number(rows[0]!.n)
    }
    return counts
  } finally {
    await db.destroy()
  }
}
