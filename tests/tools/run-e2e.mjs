// `npm run test:e2e`: finds (or installs) Chromium and Java (for the Nu Html Checker),
// builds the production site, prepares throwaway data, and runs Playwright against
// servers on free ports: the whole suite on SQLite, then the form, account and class
// journeys once more on a throwaway PostgreSQL. Arguments (file filters, flags) go to
// Playwright; E2E_ENGINES=sqlite or E2E_ENGINES=postgres runs one engine only.
import { execSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { createDatabase, startPostgres } from './postgres.mjs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function canInstallWithAptGet() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  return isRoot && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  if (!canInstallWithAptGet()) {
    console.error(
      `End-to-end tests need Chromium at ${CHROMIUM}. Install Debian's package with ` +
        '`sudo apt-get update && sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.',
    )
    process.exit(1)
  }
  console.log('Chromium not found: installing Debian\'s chromium package…')
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' })
  } catch {
    console.error('Installing Chromium with apt-get failed; install the `chromium` package and run the tests again.')
    process.exit(1)
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing; set CHROMIUM_PATH to the Chromium binary.`)
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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

ensureChromium()
ensureJava()
// The site and the staff command (npm run staff), as `npm start` builds them.
execSync('npm run build', { stdio: 'inherit' })

const workDir = await mkdtemp(path.join(tmpdir(), 'brightwell-e2e-'))
// A second server reads a copy of the content with one broken page, so the
// error boundary can be seen in the production build.
const brokenContent = path.join(workDir, 'broken-content')
await cp('content', brokenContent, { recursive: true })
await writeFile(path.join(brokenContent, 'pages', 'pillars.mdx'), '---\ndescription: Missing its title\n---\n\nBroken on purpose.\n')
await writeFile(path.join(brokenContent, 'tutors', 'tutors.json'), '[{"id": "broken on purpose"}]')

const env = {
  ...process.env,
  CHROMIUM_PATH: CHROMIUM,
  E2E_PORT: String(await freePort()),
  E2E_BROKEN_PORT: String(await freePort()),
  E2E_SCHEDULING_PORT: String(await freePort()),
  E2E_BROKEN_CONTENT: brokenContent,
  E2E_DATABASE_PATH: path.join(workDir, 'e2e.db'),
  E2E_OUTBOX_DIR: path.join(workDir, 'outbox'),
  SESSION_SECRET: randomBytes(32).toString('hex'),
}

function playwright(extraEnv, filters) {
  const result = spawnSync('npx', ['playwright', 'test', '--config', 'tests/playwright.config.ts', ...filters], { stdio: 'inherit', env: { ...env, ...extraEnv } })
  return result.status ?? 1
}

const engines = (process.env.E2E_ENGINES ?? 'sqlite,postgres').split(',')
const filters = process.argv.slice(2)
let status = 0
if (engines.includes('sqlite')) {
  console.log('End-to-end suite on SQLite')
  status = playwright({}, filters)
}
if (status === 0 && engines.includes('postgres')) {
  // The journeys that write: forms, accounts, class places and the office, served from PostgreSQL.
  const journeys = filters.length > 0 ? filters : ['forms.spec', 'accounts.spec', 'classes.spec', 'office.spec']
  console.log(`End-to-end journeys on PostgreSQL: ${journeys.join(', ')}`)
  const postgres = await startPostgres()
  try {
    const url = await createDatabase(postgres.url, 'brightwell_e2e')
    status = playwright({ E2E_DATABASE_URL: url, E2E_OUTBOX_DIR: path.join(workDir, 'outbox-postgres') }, journeys)
  } finally {
    postgres.stop()
  }
}
process.exit(status)
