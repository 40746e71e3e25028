import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { afterEach, beforeEach, vi } from 'vitest'

export type Engine = 'sqlite' | 'postgres'

/**
 * The engines the data-layer tests run on: SQLite always, PostgreSQL when the test command
 * started a throwaway cluster (`npm test` and `npm run test:unit` do; TEST_DATABASE_URL).
 */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

async function run(connectionString: string, sql: string) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

// Each test worker has a database of its own in the cluster, and each test a schema in it. With one
// database for all, a migration listing the tables (Kysely looks in every schema) failed now and then
// with "schema … does not exist": another worker's test had dropped its schema in the middle of the list.
let workerDatabase: Promise<string> | undefined

function workerDatabaseUrl() {
  workerDatabase ??= (async () => {
    const name = `worker_${process.env.VITEST_POOL_ID ?? process.pid}`
    try {
      await run(process.env.TEST_DATABASE_URL!, `CREATE DATABASE "${name}"`)
    } catch (error) {
      // A worker of the same number earlier in the run made it.
      if ((error as { code?: string }).code !== '42P04') throw error
    }
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = `/${name}`
    return url.toString()
  })()
  return workerDatabase
}

async function onCluster(sql: string) {
  await run(await workerDatabaseUrl(), sql)
}

/**
 * Gives every test of the file its own empty database and mail outbox, with fresh modules so
 * they open it, and closes and deletes it afterwards. On SQLite the database is a file in a
 * temporary folder; on PostgreSQL a schema of its own in the test cluster, reached through the
 * URL's search_path. The returned settings are filled in before each test, for child processes.
 */
export function withFreshDatabase(label: string, env: Record<string, string> = {}, engine: Engine = 'sqlite') {
  const paths = { dataDir: '', databasePath: '', outboxDir: '', schema: '', databaseEnv: {} as Record<string, string> }
  beforeEach(async () => {
    paths.dataDir = await mkdtemp(path.join(tmpdir(), `${label}-`))
    paths.databasePath = path.join(paths.dataDir, 'test.db')
    paths.outboxDir = path.join(paths.dataDir, 'outbox')
    if (engine === 'postgres') {
      paths.schema = `test_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`
      await onCluster(`CREATE SCHEMA "${paths.schema}"`)
      const url = new URL(await workerDatabaseUrl())
      url.searchParams.set('options', `-c search_path=${paths.schema}`)
      paths.databaseEnv = { DATABASE_URL: url.toString() }
    } else {
      paths.databaseEnv = { DATABASE_PATH: paths.databasePath }
    }
    vi.stubEnv('DATABASE_URL', '')
    for (const [name, value] of Object.entries(paths.databaseEnv)) vi.stubEnv(name, value)
    vi.stubEnv('OUTBOX_DIR', paths.outboxDir)
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
    vi.resetModules()
  })
  afterEach(async () => {
    const { closeDb } = await import('~/db/database.server')
    await closeDb()
    vi.useRealTimers()
    vi.unstubAllEnvs()
    // An e-mail sent in the background may still be landing in the outbox: removal retries.
    await rm(paths.dataDir, { recursive: true, force: true, maxRetries: 5 })
    if (engine === 'postgres') await onCluster(`DROP SCHEMA "${paths.schema}" CASCADE`)
  })
  return paths
}
