// The tables as Kysely sees them: one interface per table, the same on both engines.
// Times are ISO-8601 UTC text; ids are numbered by the database.
import type { Generated } from 'kysely'

export interface Database {
  users: {
    id: Generated<number>
    name: string
    /** Stored trimmed and lower-case; unique regardless of case. */
    email: string
    password_hash: string
    created_at: string
  }
  sessions: {
    id: Generated<number>
    /** SHA-256 of the cookie's token; the token itself is never stored. */
    token_hash: string
    user_id: number
    expires_at: string
    created_at: string
  }
  password_reset_tokens: {
    id: Generated<number>
    token_hash: string
    user_id: number
    expires_at: string
    used_at: string | null
    created_at: string
  }
  login_attempts: {
    id: Generated<number>
    throttle_key: string
    attempted_at: string
  }
  contact_messages: {
    id: Generated<number>
    name: string
    email: string
    subject: string
    message: string
    created_at: string
  }
  tutor_applications: {
    id: Generated<number>
    name: string
    email: string
    /** JSON lists. */
    subjects: string
    levels: string
    experience_years: number
    has_equipment: number
    statement: string
    created_at: string
  }
  lesson_requests: {
    id: Generated<number>
    tutor_id: string
    slot_start: string
    name: string
    email: string
    message: string
    created_at: string
  }
  newsletter_subscribers: {
    id: Generated<number>
    /** Stored lower-case; unique regardless of case. */
    email: string
    subscribed_at: string
    consented_at: string
    unsubscribe_token: string
  }
  class_registrations: {
    id: Generated<number>
    class_id: string
    session_date: string
    session_start: string
    name: string
    email: string
    year_group: string
    created_at: string
  }
  /** One row per named lock (see withLock); a transaction holds a row to serialise its work. */
  locks: {
    key: string
  }
}
