// The production server as the load scripts run it: built once, on loopback, with
// a throwaway database and outbox, started and stopped (or killed) by the script.
import { execSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import Database from 'better-sqlite3'

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

export type ServerSettings = { port: number; workDir: string; databasePath: string; sessionSecret: string }

export async function prepareSettings(label: string): Promise<ServerSettings> {
  const workDir = await mkdtemp(path.join(tmpdir(), `brightwell-${label}-`))
  return {
    port: await choosePort(),
    workDir,
    databasePath: path.join(workDir, `${label}.db`),
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
      DATABASE_PATH: settings.databasePath,
      OUTBOX_DIR: path.join(settings.workDir, 'outbox'),
      SESSION_SECRET: settings.sessionSecret,
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

/** Rows in every table of the database, by table name. */
export function countRowsByTable(databasePath: string): Record<string, number> {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true })
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]
    return Object.fromEntries(tables.map(({ name }) => [name, (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n]))
  } finally {
    db.close()
  }
}
