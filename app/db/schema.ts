// The tables as Kysely sees them: one interface per table, the same on both engines.
// Times are ISO-8601 UTC text; ids are numbered by the database.
import type { Generated } from 'kysely'

export const ROLES = ['family', 'tutor', 'staff'] as const
export type Role = (typeof ROLES)[number]

export const CONTACT_STATUSES = ['new', 'answered'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]
// 'late-cancelled': cancelled by the family less than the policy's window ahead; it counts as attended.
export const LESSON_STATUSES = ['requested', 'confirmed', 'declined', 'cancelled', 'late-cancelled'] as const
export type LessonStatus = (typeof LESSON_STATUSES)[number]
/** What the office's list of lesson requests filters by: a stored status, 'cancelled' meaning a lesson cancelled, or a request withdrawn before anyone answered it (cancelled, never decided). */
export const LESSON_LIST_FILTERS = [...LESSON_STATUSES, 'withdrawn'] as const
export type LessonListFilter = (typeof LESSON_LIST_FILTERS)[number]
/** A request its family withdrew before anyone answered it: cancelled, never confirmed or declined. It never was a lesson. */
export function isWithdrawnRequest(request: { status: LessonStatus; decidedAt: string | null }) {
  return request.status === 'cancelled' && request.decidedAt === null
}
/** The statuses that keep the tutor's slot taken: a confirmed lesson, and one cancelled too late to free it. */
export const SLOT_TAKING_STATUSES = ['confirmed', 'late-cancelled'] as const satisfies readonly LessonStatus[]
export const APPLICATION_STATUSES = ['new', 'invited', 'rejected'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]
export type EmailConfirmationPurpose = 'sign-up' | 'change'
export type HistoryItemType = 'contact_message' | 'lesson_request' | 'tutor_application' | 'class_registration' | 'tutor_invitation' | 'tutor_account'

export interface Database {
  users: {
    id: Generated<number>
    name: string
    /** Stored trimmed and lower-case; unique regardless of case. */
    email: string
    password_hash: string
    created_at: string
    role: Generated<Role>
    /** The catalogue tutor (content/tutors/tutors.json) a tutor's account belongs to. */
    tutor_id: string | null
    /** When the address was proven (a confirmation link, or a tutor's invitation); null until then. */
    email_confirmed_at: string | null
    /** A tutor's choice to show families when they are online (1), off (0) until they turn it on. */
    shows_online: Generated<number>
    /** While shows_online: when the tutor's signed-in account was last used (their card's "Online now"). */
    last_seen_at: string | null
  }
  /** Links that prove an account's address: single use, 7 days, stored hashed. */
  email_confirmations: {
    id: Generated<number>
    token_hash: string
    user_id: number
    /** The address the link was sent to: for a sign-up it confirms only while the account still has it; for a change it becomes the account's. */
    email: string
    purpose: Generated<EmailConfirmationPurpose>
    expires_at: string
    used_at: string | null
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
    status: Generated<ContactStatus>
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
    status: Generated<ApplicationStatus>
  }
  lesson_requests: {
    id: Generated<number>
    tutor_id: string
    slot_start: string
    name: string
    email: string
    message: string
    created_at: string
    status: Generated<LessonStatus>
    /** The family account that sent it, when signed in. */
    user_id: number | null
    /** JSON: the learner's profile (LearnerProfile) as it was when a signed-in family sent it. */
    learner: string | null
    /** When it was confirmed or declined. */
    decided_at: string | null
    /** When a confirmed lesson's reminder is due: null when it was confirmed too late for one. */
    remind_at: string | null
    /** When its reminder was queued. */
    reminded_at: string | null
  }
  /** A lesson request whose address its owner has not proven yet: no tutor or office sees it. */
  unproven_lesson_requests: {
    id: Generated<number>
    /** The hash of the token in the link e-mailed to the address. */
    token_hash: string
    tutor_id: string
    slot_start: string
    name: string
    email: string
    message: string
    user_id: number | null
    learner: string | null
    created_at: string
  }
  newsletter_subscribers: {
    id: Generated<number>
    /** Stored lower-case; unique regardless of case. */
    email: string
    /** When the address was first sent from the box; not confirmed a week later, it is deleted. */
    subscribed_at: string
    /** When the box was sent: the consent the visitor gave, not yet shown to be the address's owner's. */
    consented_at: string
    /** When the owner followed the e-mailed link; null until then, and such an address gets no newsletter. */
    confirmed_at: string | null
    /** The subscription's key: the e-mailed links to confirm it and to unsubscribe carry it. */
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
    /** The family account it belongs to, once that account has proven the address. */
    user_id: number | null
  }
  /** Who changed an office item, and when: one line per change. */
  history: {
    id: Generated<number>
    item_type: HistoryItemType
    item_id: number
    action: string
    by_user_id: number | null
    by_name: string
    at: string
  }
  tutor_invitations: {
    id: Generated<number>
    token_hash: string
    tutor_id: string
    email: string
    application_id: number | null
    invited_by: number | null
    expires_at: string
    used_at: string | null
    created_at: string
  }
  tutor_schedules: {
    tutor_id: string
    /** JSON: [{ day: 'Mon', times: ['16:00'] }], Europe/London wall-clock times. */
    availability: string
    updated_at: string
  }
  /** A family's learner: every field optional, saved as given. */
  learner_profiles: {
    user_id: number
    learner_name: string
    /** One of the site's levels, or ''. */
    level: string
    /** JSON list of the site's subjects. */
    subjects: string
    goals: string
    updated_at: string
  }
  /** One row per named lock (see withLock); a transaction holds a row to serialise its work. */
  locks: {
    key: string
  }
  /** Every automatic e-mail, kept until it is sent or given up (mail/mail-queue.server.ts). */
  mail_queue: {
    id: Generated<number>
    /** What the e-mail is, in the log's and the office's words: 'a password reset link'. */
    what: string
    recipient: string
    subject: string
    /** JSON: the whole message (to, subject, text, and replyTo and headers when set); null once sent, as its text may hold a live link. */
    message: string | null
    status: Generated<MailStatus>
    queued_at: string
    /** Not sent before this time: a retry waits out its backoff. */
    send_after: string
    /** While a sender holds it: another takes it only once this has passed (its sender died mid-send). */
    lease_until: string | null
    attempts: Generated<number>
    last_error: string | null
    sent_at: string | null
    /** A lesson the e-mail says is on (its confirmation, its reminder): sent only while that lesson is confirmed and yet to begin, else outdated. */
    while_lesson_confirmed: number | null
  }
}

export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'outdated'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]
