// Runs a command with a throwaway PostgreSQL: `node tests/tools/with-postgres.mjs vitest run …`.
// The command finds the cluster's superuser URL in TEST_DATABASE_URL; the cluster is stopped
// and removed afterwards, whatever the command's outcome.
import { spawnSync } from 'node:child_process'

import { startPostgres } from './postgres.mjs'

const [command, ...args] = process.argv.slice(2)
const postgres = await startPostgres()
let status = 1
try {
  const result = spawnSync('npx', [command, ...args], { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: postgres.url } })
  status = result.status ?? 1
} finally {
  postgres.stop()
}
process.exit(status)
