// Runs a command with a throwaway PostgreSQL: `node tests/tools/with-postgres.mjs vitest run …`.
// The command finds the cluster's superuser URL in TEST_DATABASE_URL. With `--database`, a
// fresh database is made in it and given as DATABASE_URL, so the app itself runs on it:
// `node tests/tools/with-postgres.mjs --database npm run fuzz`. The cluster is stopped and
// removed afterwards, whatever the command's outcome.
import { spawnSync } from 'node:child_process'

import { createDatabase, startPostgres } from './postgres.mjs'

const args = process.argv.slice(2)
const asDatabase = args[0] === '--database'
const [command, ...commandArgs] = asDatabase ? args.slice(1) : args
const postgres = await startPostgres()
let status = 1
try {
  const env = { ...process.env, TEST_DATABASE_URL: postgres.url }
  if (asDatabase) env.DATABASE_URL = await createDatabase(postgres.url, 'brightwell')
  const result = spawnSync('npx', [command, ...commandArgs], { stdio: 'inherit', env })
  status = result.status ?? 1
} finally {
  postgres.stop()
}
process.exit(status)
