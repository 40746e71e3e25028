import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, vi } from 'vitest'

/**
 * Gives every test of the file its own empty database and mail outbox in a temporary folder,
 * with fresh modules so they open it, and closes and deletes it afterwards. The returned paths
 * are filled in before each test.
 */
export function withFreshDatabase(label: string, env: Record<string, string> = {}) {
  const paths = { dataDir: '', databasePath: '', outboxDir: '' }
  beforeEach(async () => {
    paths.dataDir = await mkdtemp(path.join(tmpdir(), `${label}-`))
    paths.databasePath = path.join(paths.dataDir, 'test.db')
    paths.outboxDir = path.join(paths.dataDir, 'outbox')
    vi.stubEnv('DATABASE_PATH', paths.databasePath)
    vi.stubEnv('OUTBOX_DIR', paths.outboxDir)
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
    vi.resetModules()
  })
  afterEach(async () => {
    const { closeDb } = await import('~/db/database.server')
    closeDb()
    vi.useRealTimers()
    vi.unstubAllEnvs()
    await rm(paths.dataDir, { recursive: true, force: true })
  })
  return paths
}
