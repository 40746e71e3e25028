// The two engines, SQLite and PostgreSQL: which one a database is, and the SQL that is written
// for both once, here, where they differ. The migrations and the queries both use it.
import { sql } from 'kysely'

import type { DatabaseSettings } from '~/env.server'

export type Engine = DatabaseSettings['engine']

/** The type of an auto-numbered id column on each engine. */
export function idColumnType(engine: Engine) {
  return engine === 'postgres' ? 'serial' : 'integer'
}

/** Case-insensitive address, as unique indexes and lookups compare them on both engines. */
export const lowerEmail = sql`lower(email)`
