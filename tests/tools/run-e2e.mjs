// `npm run test:e2e`: finds (or installs) Chromium and Java (for the Nu Html Checker), builds the
// production site, starts the servers under test and runs Playwright against them, once: the whole
// suite on SQLite and, in the same run, the form, account, class and office journeys on a throwaway
// PostgreSQL, so both share the two workers rather than running one after the other. Arguments (file
// filters, flags) go to Playwright; E2E_ENGINES=sqlite or E2E_ENGINES=postgres serves one engine only.
//
// The two sites send their e-mail by SMTP, each to a real SMTP server started here, which writes
// what it receives into the folder the tests read (E2E_MAIL_DIR, E2E_POSTGRES_MAIL_DIR; the servers'
// addresses are E2E_SMTP_URL and E2E_POSTGRES_SMTP_URL).
//
// Every server is started on port 0 and says which port the system gave it (announce-port.mjs), so no
// port is found free, let go and taken again later, when another process could have taken it.
import { execSync, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'

import { createDatabase, startPostgres } from './postgres.mjs'
import { startSmtpToFolder } from './smtp-server.mjs'

// The headless shell: the browser the suite runs in (tests/e2e/chromium.ts says why).
const CHROMIUM = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
const CHROMIUM_PACKAGE = 'chromium-headless-shell'
const ANNOUNCE_PORT = path.resolve('tests/tools/announce-port.mjs')
const REMIX_SERVE = path.resolve('node_modules/@remix-run/serve/dist/cli.js')
const START_TIMEOUT_MS = 60_000

function canInstallWithAptGet() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  if (!canInstallWithAptGet()) {
    console.error(
      `End-to-end tests need Chromium's headless shell at ${CHROMIUM}. Install Debian's package with ` +
        `\`sudo apt-get update && sudo apt-get install -y ${CHROMIUM_PACKAGE}\`, or set E2E_CHROMIUM_PATH to a Chromium binary.`,
    )
    process.exit(1)
  }
  console.log(`Chromium's headless shell not found: installing Debian's ${CHROMIUM_PACKAGE} package…`)
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${CHROMIUM_PACKAGE}`, { stdio: 'inherit' })
  } catch {
    console.error(`Installing Chromium with apt-get failed; install the \`${CHROMIUM_PACKAGE}\` package and run the tests again.`)
    process.exit(1)
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing; set E2E_CHROMIUM_PATH to the Chromium binary.`)
    process.exit(1)
  }
}

function hasJava() {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0
}

// The HTML check runs the Nu Html Checker, a Java program.
function ensureJava() {
  if (hasJava()) return
  if (!canInstallWithAptGet()) {
    console.error(
      'End-to-end tests need Java 11 or later on the PATH for the Nu Html Checker. Install Debian\'s package with ' +
        '`sudo apt-get update && sudo apt-get install -y default-jre-headless`, or any other Java runtime.',
    )
    process.exit(1)
  }
  console.log('Java not found: installing Debian\'s default-jre-headless package…')
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless', { stdio: 'inherit' })
  } catch {
    console.error('Installing Java with apt-get failed; install the `default-jre-headless` package and run the tests again.')
    process.exit(1)
  }
  if (!hasJava()) {
    console.error('apt-get finished but `java` is still not on the PATH; put a Java runtime on the PATH.')
    process.exit(1)
  }
}

const running = []

/**
 * Starts `script` with node on port 0 and resolves, once it answers `readyPath`, with its port. Its
 * errors go to this process's stderr unless it is `quiet` (a server that fails on purpose).
 */
async function startServer(label, script, args, env, { readyPath = '/', quiet = false } = {}) {
  const child = spawn(process.execPath, ['--import', ANNOUNCE_PORT, script, ...args], {
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', quiet ? 'ignore' : 'inherit'],
    detached: true,
  })
  running.push(child)
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start listening in ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS)
    child.once('exit', (code) => reject(new Error(`${label} exited (${code}) before listening`)))
    createInterface({ input: child.stdout }).on('line', (line) => {
      const announced = /^test server listening on port (\d+)$/.exec(line)
      if (announced) {
        clearTimeout(timer)
        resolve(Number(announced[1]))
      }
    })
  })
  // The server logs every request to stdout: read on, so a full pipe never stalls it.
  child.stdout.resume()
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}${readyPath}`).then((response) => response.status, () => 0)
    if (status >= 200 && status < 500) return port
    if (Date.now() > deadline) throw new Error(`${label} did not answer ${readyPath} in ${START_TIMEOUT_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function signalServers() {
  for (const child of running) {
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
}
process.once('exit', signalServers)

/** Stops every server and waits for each to finish its requests and close its database. */
async function stopServers() {
  const exits = running.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => new Promise((resolve) => child.once('exit', resolve)))
  signalServers()
  await Promise.all(exits)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130))

/**
 * The production site, as remix-serve runs it, behind one trusted proxy (each test sends its own client
 * address). Its e-mails' links name SITE_URL, as in production; the tests follow their paths.
 */
function startSite(label, env, options) {
  return startServer(label, REMIX_SERVE, ['build/index.js'], { NODE_ENV: 'production', HOST: '127.0.0.1', TRUST_PROXY: '1', SITE_URL: 'http://brightwell.test', ...env }, options)
}

ensureChromium()
ensureJava()
// The site and the staff command (npm run staff), as `npm start` builds them.
execSync('npm run build', { stdio: 'inherit' })

const workDir = await mkdtemp(path.join(tmpdir(), 'brightwell-e2e-'))
// A second site, set up otherwise: it reads a copy of the content with one broken page, so the
// error boundary can be seen in the production build, and it has no booking partner, as `npm start`
// has none.
const brokenContent = path.join(workDir, 'broken-content')
await cp('content', brokenContent, { recursive: true })
await writeFile(path.join(brokenContent, 'pages', 'pillars.mdx'), '---\ndescription: Missing its title\n---\n\nBroken on purpose.\n')
await writeFile(path.join(brokenContent, 'tutors', 'tutors.json'), '[{"id": "broken on purpose"}]')

const engines = (process.env.E2E_ENGINES ?? 'sqlite,postgres').split(',')
const sessionSecret = randomBytes(32).toString('hex')
const env = { ...process.env, E2E_CHROMIUM_PATH: CHROMIUM, SESSION_SECRET: sessionSecret }
let postgres = null
const mailServers = []
/** Each site sends its e-mail by SMTP to a server of its own, which keeps it in the folder the tests read. */
async function mailServerFor(folder) {
  const server = await startSmtpToFolder(folder)
  mailServers.push(server)
  return `smtp://127.0.0.1:${server.port}`
}
let status = 1
try {
  const schedulingPort = await startServer('the scheduling stand-in', 'tests/e2e/scheduling-stand-in.mjs', [], {}, { readyPath: '/health' })
  const schedulingScriptUrl = `http://localhost:${schedulingPort}/sample-token/booking-button.js`
  const site = { SESSION_SECRET: sessionSecret, SCHEDULING_SCRIPT_URL: schedulingScriptUrl }
  Object.assign(env, { E2E_SCHEDULING_PORT: String(schedulingPort) })

  const starting = []
  if (engines.includes('sqlite')) {
    const sqlite = { E2E_DATABASE_PATH: path.join(workDir, 'e2e.db'), E2E_MAIL_DIR: path.join(workDir, 'mail') }
    Object.assign(env, sqlite)
    starting.push(
      mailServerFor(sqlite.E2E_MAIL_DIR)
        .then((smtpUrl) => startSite('the site on SQLite', { ...site, DATABASE_PATH: sqlite.E2E_DATABASE_PATH, SMTP_URL: (env.E2E_SMTP_URL = smtpUrl) }))
        .then((port) => (env.E2E_PORT = String(port))),
      startSite('the site with broken content', { SESSION_SECRET: sessionSecret, DATABASE_PATH: path.join(workDir, 'broken.db'), CONTENT_DIR: brokenContent, OUTBOX_DIR: path.join(workDir, 'outbox-broken') }, {
        readyPath: '/about',
        quiet: true,
      }).then((port) => (env.E2E_BROKEN_PORT = String(port))),
    )
  }
  if (engines.includes('postgres')) {
    postgres = await startPostgres()
    const databaseUrl = await createDatabase(postgres.url, 'brightwell_e2e')
    const mailDir = path.join(workDir, 'mail-postgres')
    Object.assign(env, { E2E_POSTGRES_DATABASE_URL: databaseUrl, E2E_POSTGRES_MAIL_DIR: mailDir })
    starting.push(
      mailServerFor(mailDir)
        .then((smtpUrl) => startSite('the site on PostgreSQL', { ...site, DATABASE_URL: databaseUrl, SMTP_URL: (env.E2E_POSTGRES_SMTP_URL = smtpUrl) }))
        .then((port) => (env.E2E_POSTGRES_PORT = String(port))),
    )
  }
  await Promise.all(starting)
  console.log(`End-to-end suite on ${engines.map((engine) => (engine === 'sqlite' ? 'SQLite' : 'PostgreSQL (the journeys)')).join(' and ')}`)
  // Not spawnSync: the SMTP servers live in this process and answer while Playwright runs.
  const playwright = spawn('npx', ['playwright', 'test', '--config', 'tests/playwright.config.ts', ...process.argv.slice(2)], { stdio: 'inherit', env })
  status = await new Promise((resolve) => playwright.on('exit', (code) => resolve(code ?? 1)))
} finally {
  await stopServers()
  await Promise.all(mailServers.map((server) => server.stop()))
  postgres?.stop()
}
// A failed run keeps its databases and the e-mail each site sent, which say what the site did.
if (status === 0) await rm(workDir, { recursive: true, force: true })
else console.log(`The run's SQLite databases and e-mail are kept in ${workDir}`)
process.exit(status)
