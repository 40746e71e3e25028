// A throwaway PostgreSQL for the tests: Debian's `postgresql` package (installed with apt-get
// when missing, as the end-to-end suite does for Chromium), a cluster made by initdb in a
// temporary folder, started by pg_ctl, and removed when stopped. It listens on a Unix socket in
// that folder only: no TCP port to find free and hope nobody takes before the cluster does.
import { execFileSync, execSync, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

function findBinDir() {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const versions = readdirSync(base).filter((name) => existsSync(path.join(base, name, 'bin', 'initdb')))
  versions.sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(base, versions[0], 'bin') : null
}

function ensurePostgres() {
  const found = findBinDir()
  if (found) return found
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (!isRoot || !hasApt) {
    throw new Error(
      'The tests need PostgreSQL. Install Debian\'s package with `sudo apt-get update && sudo apt-get install -y postgresql` and run them again.',
    )
  }
  console.log("PostgreSQL not found: installing Debian's postgresql package…")
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql', { stdio: 'inherit' })
  } catch {
    throw new Error('Installing PostgreSQL with apt-get failed; install the `postgresql` package and run the tests again.')
  }
  const installed = findBinDir()
  if (!installed) throw new Error('apt-get finished but no PostgreSQL binaries are in /usr/lib/postgresql/*/bin.')
  return installed
}

/**
 * Starts a private cluster and returns its superuser URL (database `postgres`) and a stop
 * function. initdb refuses to run as root, so as root the cluster belongs to the
 * `postgres` user the package creates.
 */
export async function startPostgres() {
  const bin = ensurePostgres()
  const dir = mkdtempSync(path.join(tmpdir(), 'brightwell-pg-'))
  const run = (command, args) => {
    if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { stdio: ['ignore', 'ignore', 'inherit'] })
    else execFileSync(path.join(bin, command), args, { stdio: ['ignore', 'ignore', 'inherit'] })
  }
  if (isRoot) {
    chmodSync(dir, 0o700)
    const { uid, gid } = postgresUser()
    chownSync(dir, uid, gid)
  }
  const data = path.join(dir, 'data')
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'])
  // Durability is not what the tests measure: fsync off makes a cluster start and write faster.
  run('pg_ctl', ['-D', data, '-w', '-l', path.join(dir, 'log'), '-o', `-k ${dir} -c listen_addresses='' -c fsync=off -c max_connections=200`, 'start'])
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  // node-postgres takes the socket's folder as the host.
  return { url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`, stop }
}

function postgresUser() {
  const line = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).trim()
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

/** Creates a database in the cluster and returns its URL. */
export async function createDatabase(adminUrl, name) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}
