// The office's pieces of page: its tabs, a status filter and pager that keep the list in the
// URL (like the tutor search), status badges and the history of who changed an item.
import { Form, Link, NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'

import { formatLondonTime, LONDON } from '~/london-time'

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, day: 'numeric', month: 'short', year: 'numeric' })

/** '24 Nov 2026, 10:05 AM', London time, with the clock the rest of the site writes. */
export function formatDateTime(iso: string) {
  const instant = new Date(iso)
  return `${dateFormat.format(instant)}, ${formatLondonTime(instant)}`
}

export type InboxCounts = { messages: number; lessons: number; applications: number; subscribers: number; failedMail: number }

export function OfficeTabs({ counts }: { counts: InboxCounts }) {
  const tabs = [
    { to: '/office/messages', label: 'Messages', waiting: counts.messages },
    { to: '/office/lessons', label: 'Lesson requests', waiting: counts.lessons },
    { to: '/office/applications', label: 'Applications', waiting: counts.applications },
    { to: '/office/classes', label: 'Class places' },
    { to: '/office/tutors', label: 'Tutors' },
    { to: '/office/newsletter', label: `Newsletter (${counts.subscribers})` },
    { to: '/office/mail', label: 'Mail', waiting: counts.failedMail },
  ]
  return (
    <nav aria-label="Office" className="border-b border-ink-200">
      <ul className="flex flex-wrap gap-x-1 gap-y-2 pb-3">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              className={({ isActive }) =>
                `inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ${isActive ? 'bg-brand-700 text-white' : 'text-ink-800 hover:bg-ink-100'}`
              }
            >
              {tab.label}
              {tab.waiting ? (
                <span className="rounded-full bg-sun-300 px-2 text-xs font-bold text-ink-900">
                  {tab.waiting}
                  <span className="sr-only"> waiting</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A list's status filter: a GET form, so every view of a list is a URL. */
export function StatusFilter({ action, statuses, current }: { action: string; statuses: readonly string[]; current: string | undefined }) {
  return (
    <Form method="get" action={action} key={current ?? 'all'} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="status-filter" className="block text-sm font-medium text-ink-900">
          Status
        </label>
        <select id="status-filter" name="status" defaultValue={current ?? ''} className="mt-1 h-11 rounded-xl border border-ink-300 bg-white px-3 text-ink-900">
          <option value="">All</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Show
      </button>
    </Form>
  )
}

/** Previous and next pages of a list, keeping its filter. */
export function Pager({ path, status, page, pageCount }: { path: string; status: string | undefined; page: number; pageCount: number }) {
  if (pageCount <= 1) return null
  const href = (target: number) => `${path}?${new URLSearchParams({ ...(status ? { status } : {}), ...(target > 1 ? { page: String(target) } : {}) })}`
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary">
          Previous page
        </Link>
      ) : null}
      <span className="text-ink-700">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className="btn-secondary">
          Next page
        </Link>
      ) : null}
    </nav>
  )
}

const BADGE_TONES: Record<string, string> = {
  new: 'bg-sun-100 text-ink-900',
  requested: 'bg-sun-100 text-ink-900',
  answered: 'bg-emerald-50 text-emerald-900',
  confirmed: 'bg-emerald-50 text-emerald-900',
  invited: 'bg-emerald-50 text-emerald-900',
  declined: 'bg-ink-100 text-ink-800',
  rejected: 'bg-ink-100 text-ink-800',
  queued: 'bg-sun-100 text-ink-900',
  sent: 'bg-emerald-50 text-emerald-900',
  failed: 'bg-red-50 text-red-900',
  taught: 'bg-brand-50 text-brand-900',
  cancelled: 'bg-ink-100 text-ink-800',
  withdrawn: 'bg-ink-100 text-ink-800',
  'late-cancelled': 'bg-red-50 text-red-900',
}

// A status in words where its stored name is not: a late cancellation counts as attended.
const BADGE_WORDS: Record<string, string> = { 'late-cancelled': 'cancelled late', unanswered: 'not answered', withdrawn: 'request withdrawn' }

export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_TONES[status] ?? 'bg-ink-100 text-ink-800'}`}>{BADGE_WORDS[status] ?? status}</span>
}

export function HistoryList({ lines }: { lines: Array<{ action: string; byName: string; at: string }> }) {
  if (lines.length === 0) return <p className="mt-2 text-sm text-ink-700">No changes yet.</p>
  return (
    <ul className="mt-2 space-y-1 text-sm text-ink-700">
      {lines.map((line, index) => (
        <li key={index}>
          <span className="font-semibold text-ink-900">{line.action}</span> by {line.byName}, {formatDateTime(line.at)}
        </li>
      ))}
    </ul>
  )
}

/**
 * A mailto: link to an address a visitor typed, escaped: an address stored before today's rules
 * might hold `?` or `&`, which a mail app would read as extra recipients or a prefilled body.
 */
export function mailtoHref(address: string, subject?: string) {
  const to = mailboxInLink(address)
  return subject === undefined ? `mailto:${to}` : `mailto:${to}?subject=${encodeURIComponent(subject)}`
}

function mailboxInLink(address: string) {
  return encodeURIComponent(address).replace(/%40/g, '@')
}

/** One e-mail to every address, each blind-copied so none sees the others (a class's joining link). */
export function mailtoAllHref(addresses: readonly string[], subject: string) {
  return `mailto:?bcc=${addresses.map(mailboxInLink).join(',')}&subject=${encodeURIComponent(subject)}`
}

/** A titled block of an office page. */
export function OfficeSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`office-${title.replace(/\W+/g, '-').toLowerCase()}`} className="mt-8">
      <h2 id={`office-${title.replace(/\W+/g, '-').toLowerCase()}`} className="text-2xl font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** How many items a list shows: '3 messages new, newest first.' */
export function ListCount({ total, status, counted: [one, many] }: { total: number; status: string | undefined; counted: readonly [string, string] }) {
  return (
    <p className="mt-4 text-sm text-ink-700" role="status">
      {total} {total === 1 ? one : many}
      {status ? ` ${status}` : ''}, newest first.
    </p>
  )
}

/**
 * What the office reads and answers (messages, lesson requests, applications): a list filtered by
 * status, newest first, a page at a time, each item a link to its own page under `path`.
 */
export function Inbox<Item extends { id: number }>({
  title,
  path,
  statuses,
  status,
  listing,
  counted,
  line,
}: {
  title: string
  path: string
  statuses: readonly string[]
  status: string | undefined
  listing: { items: Item[]; total: number; page: number; pageCount: number }
  counted: readonly [string, string]
  /** An item as the list shows it: its link's words, the line under it, and its status. */
  line: (item: Item) => { label: ReactNode; detail: string; status: string }
}) {
  return (
    <OfficeSection title={title}>
      <div className="mt-4">
        <StatusFilter action={path} statuses={statuses} current={status} />
      </div>
      <ListCount total={listing.total} status={status} counted={counted} />
      <ul className="mt-4 divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
        {listing.items.map((item) => {
          const shown = line(item)
          return (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <Link to={`${path}/${item.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                  {shown.label}
                </Link>
                <p className="text-sm text-ink-700">{shown.detail}</p>
              </div>
              <StatusBadge status={shown.status} />
            </li>
          )
        })}
      </ul>
      <Pager path={path} status={status} page={listing.page} pageCount={listing.pageCount} />
    </OfficeSection>
  )
}
