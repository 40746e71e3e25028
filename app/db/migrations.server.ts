// The schema, as Kysely migrations written once for both engines and applied in order at
// start by Kysely's Migrator (under its lock: an advisory lock on PostgreSQL, so two app
// processes starting together migrate once). Append new migrations; never edit an applied one.
import { Migrator, sql, type Kysely, type Migration, type RawBuilder } from 'kysely'

import { idColumnType, lowerEmail, type Engine } from '~/db/engine.server'
import { SLOT_TAKING_STATUSES, type Database } from '~/db/schema'

// Migrations see the database untyped: they describe what the types will be.
type AnyDb = Kysely<unknown>

function initialSchema(engine: Engine): Migration {
  const id = idColumnType(engine)
  // `ifNotExists` throughout: written when SQLite databases made before Kysely were adopted in
  // place; kept, as an applied migration is never edited.
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('users')
        .ifNotExists()
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('password_hash', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()
      await db.schema.createIndex('users_email').ifNotExists().unique().on('users').expression(lowerEmail).execute()

      await db.schema
        .createTable('sessions')
        .ifNotExists()
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('token_hash', 'text', (column) => column.notNull().unique())
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()
      await db.schema.createIndex('sessions_user').ifNotExists().on('sessions').column('user_id').execute()

      await db.schema
        .createTable('password_reset_tokens')
        .ifNotExists()
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('token_hash', 'text', (column) => column.notNull().unique())
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()

      await db.schema
        .createTable('login_attempts')
        .ifNotExists()
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('throttle_key', 'text', (column) => column.notNull())
        .addColumn('attempted_at', 'text', (column) => column.notNull())
        .execute()
      await db.schema.createIndex('login_attempts_key').ifNotExists().on('login_attempts').columns(['throttle_key', 'attempted_at']).execute()

      await db.schema
        .createTable('contact_messages')
        .ifNotExists()
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()

      await db.schema
        .createTable('tutor_applications')
        .ifNotExists()
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('subjects', 'text', (column) => column.notNull())
        .addColumn('levels', 'text', (column) => column.notNull())
        .addColumn('experience_years', 'integer', (column) => column.notNull())
        .addColumn('has_equipment', 'integer', (column) => column.notNull())
        .addColumn('statement', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()

      await db.schema
        .createTable('lesson_requests')
        .ifNotExists()
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('tutor_id', 'text', (column) => column.notNull())
        .addColumn('slot_start', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()
      await db.schema.createIndex('lesson_requests_tutor').ifNotExists().on('lesson_requests').columns(['tutor_id', 'slot_start']).execute()

      await db.schema
        .createTable('newsletter_subscribers')
        .ifNotExists()
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('subscribed_at', 'text', (column) => column.notNull())
        .addColumn('consented_at', 'text', (column) => column.notNull())
        .addColumn('unsubscribe_token', 'text', (column) => column.notNull().unique())
        .execute()
      await db.schema.createIndex('newsletter_subscribers_email').ifNotExists().unique().on('newsletter_subscribers').expression(lowerEmail).execute()

      await db.schema
        .createTable('class_registrations')
        .ifNotExists()
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('class_id', 'text', (column) => column.notNull())
        .addColumn('session_date', 'text', (column) => column.notNull())
        .addColumn('session_start', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('year_group', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addUniqueConstraint('class_registrations_one_place_per_email', ['class_id', 'session_date', 'email'])
        .execute()

      await db.schema.createTable('locks').ifNotExists().addColumn('key', 'text', (column) => column.primaryKey()).execute()
    },
  }
}

// Roles, the office's statuses and history, tutor invitations and tutors' own availability.
function officeAndTutors(engine: Engine): Migration {
  const id = idColumnType(engine)
  return {
    async up(db: AnyDb) {
      // An account is a family's (the default), a tutor's (linked to a catalogue tutor) or staff.
      await db.schema.alterTable('users').addColumn('role', 'text', (column) => column.notNull().defaultTo('family')).execute()
      await db.schema.alterTable('users').addColumn('tutor_id', 'text').execute()
      await db.schema.alterTable('contact_messages').addColumn('status', 'text', (column) => column.notNull().defaultTo('new')).execute()
      await db.schema.alterTable('tutor_applications').addColumn('status', 'text', (column) => column.notNull().defaultTo('new')).execute()
      await db.schema.alterTable('lesson_requests').addColumn('status', 'text', (column) => column.notNull().defaultTo('requested')).execute()
      await db.schema.alterTable('lesson_requests').addColumn('user_id', 'integer').execute()
      // A tutor's slot is confirmed for one lesson at most: a constraint, on both engines.
      await db.schema
        .createIndex('lesson_requests_one_confirmed_per_slot')
        .unique()
        .on('lesson_requests')
        .columns(['tutor_id', 'slot_start'])
        .where(sql.ref('status'), '=', 'confirmed')
        .execute()

      await db.schema
        .createTable('history')
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('item_type', 'text', (column) => column.notNull())
        .addColumn('item_id', 'integer', (column) => column.notNull())
        .addColumn('action', 'text', (column) => column.notNull())
        // The staff member's name as it was, so the line still reads if the account goes.
        .addColumn('by_user_id', 'integer')
        .addColumn('by_name', 'text', (column) => column.notNull())
        .addColumn('at', 'text', (column) => column.notNull())
        .execute()
      await db.schema.createIndex('history_item').on('history').columns(['item_type', 'item_id']).execute()

      await db.schema
        .createTable('tutor_invitations')
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('token_hash', 'text', (column) => column.notNull().unique())
        .addColumn('tutor_id', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('application_id', 'integer')
        .addColumn('invited_by', 'integer')
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()

      // A tutor's own weekly availability, once they have edited it: it replaces the catalogue's.
      await db.schema
        .createTable('tutor_schedules')
        .addColumn('tutor_id', 'text', (column) => column.primaryKey())
        .addColumn('availability', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute()
    },
  }
}

// Lock rows outlived their transactions until withLock deleted them itself; their keys name the
// addresses typed into login and forgot-password, which the privacy notice keeps a day at most.
const emptyLocks: Migration = {
  async up(db: AnyDb) {
    await sql`DELETE FROM locks`.execute(db)
  },
}

// An address is proven before anything recorded under it is shown, or any role given (issue 26).
function addressConfirmation(engine: Engine): Migration {
  const id = idColumnType(engine)
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute()
      // A tutor's invitation went to the address; staff were granted by the owner, who knew them.
      // Families who signed up before confirm theirs from the dashboard.
      await sql`UPDATE users SET email_confirmed_at = created_at WHERE role IN ('tutor', 'staff')`.execute(db)
      await db.schema
        .createTable('email_confirmations')
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('token_hash', 'text', (column) => column.notNull().unique())
        .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('expires_at', 'text', (column) => column.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()
      await db.schema.alterTable('class_registrations').addColumn('user_id', 'integer').execute()
    },
  }
}

// A family's own account (issue 28): the learner's profile, which a lesson request sent while signed
// in carries as it was then, an address change proven by a link to the new address, and a lesson
// cancelled when its family's account is deleted.
const familyAccount: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('learner_profiles')
      .addColumn('user_id', 'integer', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('learner_name', 'text', (column) => column.notNull())
      .addColumn('level', 'text', (column) => column.notNull())
      .addColumn('subjects', 'text', (column) => column.notNull())
      .addColumn('goals', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute()
    await db.schema.alterTable('lesson_requests').addColumn('learner', 'text').execute()
    // What a link proves: the address an account signed up with, or the one it asked to move to.
    await db.schema.alterTable('email_confirmations').addColumn('purpose', 'text', (column) => column.notNull().defaultTo('sign-up')).execute()
  },
}

// Mail that is never lost (issue 29): every automatic e-mail is a row until it is sent.
function mailQueue(engine: Engine): Migration {
  const id = idColumnType(engine)
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('mail_queue')
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('what', 'text', (column) => column.notNull())
        .addColumn('recipient', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('message', 'text')
        .addColumn('status', 'text', (column) => column.notNull().defaultTo('queued'))
        .addColumn('queued_at', 'text', (column) => column.notNull())
        .addColumn('send_after', 'text', (column) => column.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .execute()
      await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['status', 'send_after']).execute()
    },
  }
}

// The lesson to its end (issue 29): when it was answered and when its reminder is due and was queued,
// and a lesson cancelled too late to free its slot keeps it, as a confirmed one does.
const lessonEnds: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('lesson_requests').addColumn('decided_at', 'text').execute()
    await db.schema.alterTable('lesson_requests').addColumn('remind_at', 'text').execute()
    await db.schema.alterTable('lesson_requests').addColumn('reminded_at', 'text').execute()
    await db.schema.createIndex('lesson_requests_remind_at').on('lesson_requests').column('remind_at').execute()
    await db.schema.dropIndex('lesson_requests_one_confirmed_per_slot').execute()
    await db.schema
      .createIndex('lesson_requests_one_taker_per_slot')
      .unique()
      .on('lesson_requests')
      .columns(['tutor_id', 'slot_start'])
      .where(sql.ref('status'), 'in', [...SLOT_TAKING_STATUSES])
      .execute()
  },
}

// decided_at came after the office's decisions (2026-11-29): a lesson confirmed or declined before then
// has none, and cancelled later it read as a request withdrawn before anyone answered it (not a lesson:
// hidden from its tutor, deleted with its family's account). Its history says when it was decided.
// Exported so a test can run it over rows made as they were before that migration.
export const decisionsDated: Migration = {
  async up(db: AnyDb) {
    await sql`
      UPDATE lesson_requests SET decided_at = (
        SELECT MAX(history.at) FROM history
        WHERE history.item_type = 'lesson_request' AND history.item_id = lesson_requests.id AND history.action IN ('confirmed', 'declined')
      )
      WHERE decided_at IS NULL AND status <> 'requested'`.execute(db)
  },
}

// An address typed into the newsletter box is on the list only once its owner follows the link we
// e-mail it (null until then). The addresses already on the list subscribed under the old rule, with
// their consent recorded: they are kept, as confirmed when they consented.
const newsletterConfirmation: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('newsletter_subscribers').addColumn('confirmed_at', 'text').execute()
    await sql`UPDATE newsletter_subscribers SET confirmed_at = consented_at`.execute(db)
  },
}

// A lesson request whose address is not proven waits apart, where no tutor or office sees it, until
// its owner follows the link e-mailed to it (stored as a hash, like every link's token).
function unprovenLessonRequests(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('unproven_lesson_requests')
        .addColumn('id', idColumnType(engine), (column) => column.primaryKey())
        .addColumn('token_hash', 'text', (column) => column.notNull().unique())
        .addColumn('tutor_id', 'text', (column) => column.notNull())
        .addColumn('slot_start', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('user_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
        .addColumn('learner', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute()
    },
  }
}

// A tutor's card says "Online now" while the tutor's own account is in use (spec §3's `online`, once a
// flag in the catalogue's file): when a tutor's signed-in request was last seen, to the minute.
const tutorsSeen: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('last_seen_at', 'text').execute()
  },
}

// …only if the tutor chooses to show it (shows_online, off until they turn it on). Times recorded
// before anyone could choose are forgotten.
const onlineByChoice: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('shows_online', 'integer', (column) => column.notNull().defaultTo(0)).execute()
    await sql`UPDATE users SET last_seen_at = NULL`.execute(db)
  },
}

// A lesson's confirmation or reminder held back by an outage went out after the lesson was cancelled,
// or had begun: each now names its lesson, and is sent only while that lesson stands.
const mailWhileLessonConfirmed: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('mail_queue').addColumn('while_lesson_confirmed', 'integer').execute()
  },
}

// The office's line of a class place it cancelled named the family and its address, and outlived the
// place and the family's account: it now names neither, and the lines written before say only what was done.
// Exported so a test can run it over lines written as they were before.
export const classPlaceLinesUnnamed: Migration = {
  async up(db: AnyDb) {
    await sql`UPDATE history SET action = 'cancelled a class place' WHERE item_type = 'class_registration' AND action LIKE 'cancelled the place of %'`.execute(db)
  },
}

// SQLite numbers a new row with the highest id plus one unless its table is AUTOINCREMENT, so the
// newest row deleted gave its id to the next: an office e-mail's /office/lessons/N, sent for a request
// deleted with its account, opened a later family's. SQLite cannot alter a table into AUTOINCREMENT,
// so each numbered table is rebuilt by SQLite's procedure for such changes (sqlite.org/lang_altertable.html,
// "making other kinds of table schema changes"): a copy from the table's own stored definition with
// AUTOINCREMENT added, its rows copied with their ids, the table dropped, the copy renamed and the
// table's indexes made again. Foreign keys are off meanwhile (migrateToLatest). PostgreSQL's serial
// ids never go back.
function idsNeverReused(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      if (engine !== 'sqlite') return
      const tables = await sql<{ name: string; definition: string }>`
        SELECT tables.name, tables.sql AS definition FROM sqlite_master AS tables
        WHERE tables.type = 'table'
          AND EXISTS (SELECT 1 FROM pragma_table_info(tables.name) AS columns WHERE columns.name = 'id' AND columns.pk = 1 AND lower(columns.type) = 'integer')`.execute(db)
      for (const { name, definition } of tables.rows) {
        if (/\bautoincrement\b/i.test(definition)) continue
        // Every such table was made by the migrations above, so its definition opens as Kysely wrote it.
        const opening = `CREATE TABLE "${name}" ("id" integer primary key,`
        if (!definition.startsWith(opening)) throw new Error(`table ${name} is not defined as the migrations define it: ${definition.slice(0, 80)}`)
        const copy = `${name}_numbered`
        const indexes = await sql<{ definition: string }>`SELECT sql AS definition FROM sqlite_master WHERE type = 'index' AND tbl_name = ${name} AND sql IS NOT NULL`.execute(db)
        await sql.raw(`CREATE TABLE "${copy}" ("id" integer primary key autoincrement,${definition.slice(opening.length)}`).execute(db)
        await sql`INSERT INTO ${sql.table(copy)} SELECT * FROM ${sql.table(name)}`.execute(db)
        await db.schema.dropTable(name).execute()
        await db.schema.alterTable(copy).renameTo(name).execute()
        for (const index of indexes.rows) await sql.raw(index.definition).execute(db)
        await startAboveNamedIds(db, name)
      }
    },
  }
}

// Ids that rows of other tables name, in the schema as of 2026-12-07, by the table they number.
const historyOf = (itemType: string) => sql`SELECT max(item_id) FROM history WHERE item_type = ${itemType}`
const NAMED_IDS: Record<string, RawBuilder<unknown>[]> = {
  users: [historyOf('tutor_account'), sql`SELECT max(by_user_id) FROM history`, sql`SELECT max(invited_by) FROM tutor_invitations`, sql`SELECT max(user_id) FROM lesson_requests`, sql`SELECT max(user_id) FROM class_registrations`],
  lesson_requests: [historyOf('lesson_request'), sql`SELECT max(while_lesson_confirmed) FROM mail_queue`],
  contact_messages: [historyOf('contact_message')],
  tutor_applications: [historyOf('tutor_application'), sql`SELECT max(application_id) FROM tutor_invitations`],
  class_registrations: [historyOf('class_registration')],
  tutor_invitations: [historyOf('tutor_invitation')],
}

/**
 * A rebuilt table's sequence starts above its highest id, and above every id other rows still name though
 * its own row is gone (a history line outlives the request retention deleted): a new row given that id would
 * inherit them. An id deleted before this migration that only e-mails named cannot be known (a sent one's
 * text is not kept; an unsent one's is sealed), and may be given once more.
 */
async function startAboveNamedIds(db: AnyDb, table: string) {
  const candidates = [sql`SELECT max(id) FROM ${sql.table(table)}`, ...(NAMED_IDS[table] ?? [])].map((query) => sql`coalesce((${query}), 0)`)
  const { rows } = await sql<{ highest: number }>`SELECT max(${sql.join(candidates)}, 0) AS highest`.execute(db)
  await sql`DELETE FROM sqlite_sequence WHERE name = ${table}`.execute(db)
  const highest = rows[0]?.highest ?? 0
  if (highest > 0) await sql`INSERT INTO sqlite_sequence (name, seq) VALUES (${table}, ${highest})`.execute(db)
}

/**
 * Every migration, by name; names sort in the order they apply. Exported so a test can bring a database
 * to an earlier schema, as one made then would be.
 */
export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '2026-11-24-initial-schema': initialSchema(engine),
    '2026-11-25-office-and-tutors': officeAndTutors(engine),
    '2026-11-26-1-empty-locks': emptyLocks,
    '2026-11-26-2-address-confirmation': addressConfirmation(engine),
    '2026-11-27-family-account': familyAccount,
    '2026-11-28-mail-queue': mailQueue(engine),
    '2026-11-29-lesson-ends': lessonEnds,
    '2026-11-30-newsletter-confirmation': newsletterConfirmation,
    '2026-12-01-unproven-lesson-requests': unprovenLessonRequests(engine),
    '2026-12-02-decisions-dated': decisionsDated,
    '2026-12-03-tutors-seen': tutorsSeen,
    '2026-12-04-online-by-choice': onlineByChoice,
    '2026-12-05-class-place-lines-unnamed': classPlaceLinesUnnamed,
    '2026-12-06-mail-while-lesson-confirmed': mailWhileLessonConfirmed,
    '2026-12-07-ids-never-reused': idsNeverReused(engine),
  }
}

// Any number the app alone uses for PostgreSQL's session-level advisory lock of its migrations.
const MIGRATIONS_LOCK_KEY = 7_262_911

/**
 * Brings the database to the latest schema. App processes may start at once on a new database, and
 * Kysely's migrator alone lets each apply the same migration (seen: SQLite "duplicate column name",
 * PostgreSQL "relation kysely_migration_lock does not exist"): here they go one at a time.
 */
export async function migrateToLatest(db: Kysely<Database>, engine: Engine) {
  if (engine === 'sqlite') {
    // Foreign keys are off while migrations run, as SQLite's procedure for rebuilding a table asks: the
    // table dropped would otherwise take with it every row that refers to it. The pragma does nothing
    // inside a transaction, so it comes first, and is undone whatever happens next. The usual start has
    // nothing to apply, and leaves them on. (Read before the lock: another process can only apply what is
    // pending here, never add to it.)
    const pending = (await migratorFor(db, engine).getMigrations()).some((migration) => migration.executedAt === undefined)
    if (pending) await sql`PRAGMA foreign_keys = OFF`.execute(db)
    try {
      // Kysely takes no lock on SQLite. BEGIN IMMEDIATE takes the database's write lock before anything is
      // read, so a second process waits, then finds every migration applied. The process's one connection
      // is the migrator's alone: nothing else has the database until this is done. The migrator runs even
      // with nothing to apply: it refuses a database that a newer release has migrated further.
      await sql`BEGIN IMMEDIATE`.execute(db)
      try {
        // Only a reference the migrations broke stops them: one broken before (a row deleted by hand
        // with foreign keys off, as the sqlite3 shell has them) is not theirs to refuse.
        const before = pending ? new Set(await foreignKeyViolations(db)) : null
        await runMigrations(db, engine)
        const broken = before ? (await foreignKeyViolations(db)).filter((violation) => !before.has(violation)) : []
        if (broken.length) throw new Error(`database: the migrations left ${broken.length} rows referring to rows that do not exist (first: ${broken[0]})`)
        await sql`COMMIT`.execute(db)
      } catch (error) {
        await sql`ROLLBACK`.execute(db)
        throw error
      }
    } finally {
      if (pending) await sql`PRAGMA foreign_keys = ON`.execute(db)
    }
    return
  }
  // Kysely's migrator creates its own tables before it takes its lock: every step on one connection,
  // which holds a session lock of our own throughout.
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATIONS_LOCK_KEY})`.execute(connection)
    try {
      await runMigrations(connection, engine)
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATIONS_LOCK_KEY})`.execute(connection)
    }
  })
}

/** Each row whose reference finds no row, as `table rowid → parent`. */
async function foreignKeyViolations(db: Kysely<Database>) {
  const rows = await sql<{ table: string; rowid: number; parent: string; fkid: number }>`PRAGMA foreign_key_check`.execute(db)
  return rows.rows.map((row) => `${row.table} ${row.rowid} → ${row.parent} (${row.fkid})`)
}

function migratorFor(db: Kysely<Database>, engine: Engine, schema?: string) {
  // On SQLite the caller's transaction holds the migrations (see migrateToLatest).
  return new Migrator({ db, provider: { getMigrations: async () => migrations(engine) }, migrationTableSchema: schema, disableTransactions: engine === 'sqlite' })
}

async function runMigrations(db: Kysely<Database>, engine: Engine) {
  // On PostgreSQL the migrations' own tables live in the schema the app uses (its search_path): Kysely
  // otherwise takes a kysely_migration table in any schema of the database for this one's.
  const schema = engine === 'postgres' ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema : undefined
  const { error, results } = await migratorFor(db, engine, schema).migrateToLatest()
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName
    throw new Error(`database: migration ${failed ?? ''} failed: ${(error as Error).message ?? error}`)
  }
}
