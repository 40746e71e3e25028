// FROZEN: the SQLite schema before the move to Kysely, as numbered steps recorded in
// PRAGMA user_version. A database made by them is brought to their last step, then adopted
// by the Kysely migrations (migrations.server.ts). New changes go there, never here.
const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"

export const LEGACY_SQLITE_MIGRATIONS: readonly string[] = [
  `CREATE TABLE newsletter_subscribers (
     id INTEGER PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     subscribed_at TEXT NOT NULL DEFAULT ${NOW}
   );`,
  `CREATE TABLE users (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     password_hash TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT ${NOW}
   );
   CREATE TABLE sessions (
     id INTEGER PRIMARY KEY,
     token_hash TEXT NOT NULL UNIQUE,
     user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     expires_at TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT ${NOW}
   );
   CREATE INDEX sessions_user ON sessions (user_id);
   CREATE TABLE password_reset_tokens (
     id INTEGER PRIMARY KEY,
     token_hash TEXT NOT NULL UNIQUE,
     user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     expires_at TEXT NOT NULL,
     used_at TEXT,
     created_at TEXT NOT NULL DEFAULT ${NOW}
   );
   CREATE TABLE login_attempts (
     id INTEGER PRIMARY KEY,
     throttle_key TEXT NOT NULL,
     attempted_at TEXT NOT NULL DEFAULT ${NOW}
   );
   CREATE INDEX login_attempts_key ON login_attempts (throttle_key, attempted_at);
   CREATE TABLE contact_messages (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     subject TEXT NOT NULL,
     message TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT ${NOW}
   );
   CREATE TABLE tutor_applications (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     subjects TEXT NOT NULL,
     levels TEXT NOT NULL,
     experience_years INTEGER NOT NULL,
     has_equipment INTEGER NOT NULL,
     statement TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT ${NOW}
   );`,
  `CREATE TABLE lesson_requests (
     id INTEGER PRIMARY KEY,
     tutor_id TEXT NOT NULL,
     slot_start TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     message TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT ${NOW}
   );
   CREATE INDEX lesson_requests_tutor ON lesson_requests (tutor_id, slot_start);`,
  // Newsletter consent: when each address gave it, and the secret its unsubscribe link carries.
  // SQLite cannot add a NOT NULL column without a constant default, so the table is rebuilt.
  // Existing rows consented when they subscribed; their tokens come from randomblob, which
  // SQLite draws from a ChaCha20 generator seeded by the operating system.
  `CREATE TABLE newsletter_subscribers_new (
     id INTEGER PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     subscribed_at TEXT NOT NULL DEFAULT ${NOW},
     consented_at TEXT NOT NULL,
     unsubscribe_token TEXT NOT NULL UNIQUE
   );
   INSERT INTO newsletter_subscribers_new (id, email, subscribed_at, consented_at, unsubscribe_token)
     SELECT id, email, subscribed_at, subscribed_at, lower(hex(randomblob(32))) FROM newsletter_subscribers;
   DROP TABLE newsletter_subscribers;
   ALTER TABLE newsletter_subscribers_new RENAME TO newsletter_subscribers;`,
  `CREATE TABLE class_registrations (
     id INTEGER PRIMARY KEY,
     class_id TEXT NOT NULL,
     session_date TEXT NOT NULL,
     session_start TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL COLLATE NOCASE,
     year_group TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT ${NOW},
     UNIQUE (class_id, session_date, email)
   );`,
]
