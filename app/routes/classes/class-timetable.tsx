import { Form, Link, useLocation, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'

import { classQueryString, logInToReserve, type ClassFilters, type TimetableSession } from '~/classes/timetable'
import { FilterSelect, type Option } from '~/forms/filter-select'
import { FormNotice, SelectField, SubmitButton, TextField } from '~/forms/fields'
import { Honeypot } from '~/forms/honeypot'
import { useIsPosting } from '~/forms/use-is-posting'
import { useValidatedForm } from '~/forms/use-validated-form'
import { Icon } from '~/components/icon'
import { ClassReservationSchema, RESERVATION_REFUSALS, YEAR_GROUPS } from '~/forms/class-reservation'
import { SEARCH_OPTIONS } from '~/tutors/options'
import { LIMITS } from '~/forms/rules'
import { FAMILY_ACCOUNTS_BOOK } from '~/messages/booking'
import type { ReservationActionData } from '~/routes/classes/classes.server'
import type { loader as rootLoader } from '~/root'

/** The subject and level filters: a GET form, so every view of the timetable is a URL. */
export function ClassFilterForm({ filters, subjects }: { filters: ClassFilters; subjects: readonly Option[] }) {
  const filtered = Boolean(filters.subject || filters.level)
  return (
    // Keyed by the filters, so the selects show the URL's filters again after Clear filters or Back.
    <Form key={classQueryString(filters)} method="get" action="/classes" className="card grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <FilterSelect label="Subject" name="subject" options={subjects} value={filters.subject} anyLabel="Any subject" />
      <FilterSelect label="Level" name="level" options={SEARCH_OPTIONS.levels} value={filters.level} anyLabel="Any level" />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary">
          Show classes
        </button>
        {filtered ? (
          <Link to="/classes" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

function groupByDay(sessions: readonly TimetableSession[]) {
  const days = new Map<string, TimetableSession[]>()
  for (const session of sessions) days.set(session.day, [...(days.get(session.day) ?? []), session])
  return [...days]
}

/** The coming two weeks, day by day; the chosen session opens its reservation form. */
export function Timetable({
  sessions,
  filters,
  chosen,
  reservation,
}: {
  sessions: readonly TimetableSession[]
  filters: ClassFilters
  chosen: string | null
  reservation: ReservationActionData | undefined
}) {
  return (
    <section aria-labelledby="timetable-heading" className="mt-10">
      <h2 id="timetable-heading" className="text-2xl font-bold text-ink-900">
        Timetable
      </h2>
      <p role="status" className="mt-2 text-ink-700">
        {sessions.length === 0
          ? 'No classes match these filters in the next two weeks. Try another subject or level.'
          : `${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'} in the next two weeks. Times are London time.`}
      </p>
      {groupByDay(sessions).map(([day, daySessions]) => (
        <div key={day} className="mt-8">
          <h3 className="text-lg font-semibold text-ink-900">{day}</h3>
          <ul className="mt-4 grid gap-6 lg:grid-cols-2">
            {daySessions.map((session) => (
              <li key={session.key}>
                <SessionCard
                  session={session}
                  filters={filters}
                  open={chosen === session.key || reservation?.session === session.key}
                  reservation={reservation?.session === session.key ? reservation : undefined}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}

function placesLeftText(session: TimetableSession) {
  if (session.placesLeft === 0) return 'Full'
  return `${session.placesLeft} of ${session.capacity} ${session.capacity === 1 ? 'place' : 'places'} left`
}

function SessionCard({
  session,
  filters,
  open,
  reservation,
}: {
  session: TimetableSession
  filters: ClassFilters
  open: boolean
  reservation: ReservationActionData | undefined
}) {
  const headingId = `class-${session.key}`
  const full = session.placesLeft === 0
  const signedInAs = useRouteLoaderData<typeof rootLoader>('root')?.signedInAs ?? null
  const query = new URLSearchParams(classQueryString(filters))
  query.set('session', session.key)
  return (
    <article aria-labelledby={headingId} className="card flex h-full flex-col">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-2.5 py-0.5 font-semibold ${session.kind === 'free' ? 'bg-emerald-100 text-emerald-900' : 'bg-brand-50 text-brand-900'}`}>
          {session.kind === 'free' ? 'Free open class' : `Paid small group of ${session.capacity}`}
        </span>
        <span className="text-ink-700">
          {session.subject} · {session.level}
        </span>
      </div>
      <h4 id={headingId} className="mt-3 text-lg font-semibold text-ink-900">
        {session.title}
      </h4>
      <p className="mt-2 text-ink-700">{session.summary}</p>
      <dl className="mt-4 grid gap-2 text-sm text-ink-800 sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <dt className="flex-none">
            <Icon name="clock" className="h-4 w-4 text-brand-700" />
            <span className="sr-only">When</span>
          </dt>
          <dd>
            <time dateTime={session.start}>{session.time}</time>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="flex-none">
            <Icon name="graduation-cap" className="h-4 w-4 text-brand-700" />
            <span className="sr-only">Tutor</span>
          </dt>
          <dd>
            <Link to={`/tutors/${session.tutor.id}`} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
              {session.tutor.name}
            </Link>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="flex-none">
            <Icon name="users" className="h-4 w-4 text-brand-700" />
            <span className="sr-only">Places</span>
          </dt>
          <dd className={full ? 'font-semibold text-red-700' : ''}>{placesLeftText(session)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="flex-none">
            <Icon name="info" className="h-4 w-4 text-brand-700" />
            <span className="sr-only">Price</span>
          </dt>
          <dd>{session.price ?? 'Free'}</dd>
        </div>
      </dl>
      {/* Where the 'Reserve a place' link, and the reservation's answer, open the page: with JavaScript
          off the answer is a new page, which would otherwise open at its top, far above it. */}
      <div id={open ? 'reserve' : undefined} className="mt-5 scroll-mt-28 border-t border-ink-100 pt-5">
        {reservation?.confirmation ? (
          <FormNotice tone="success" focusOnShow>
            {reservation.confirmation}
            {reservation.paymentDue ? ` ${reservation.paymentDue}` : null}
          </FormNotice>
        ) : full ? (
          <FormNotice tone={reservation?.refusal ? 'error' : 'info'}>{reservation?.refusal ?? RESERVATION_REFUSALS.full}</FormNotice>
        ) : open && !signedInAs ? (
          <LogInToReserve session={session} />
        ) : open && signedInAs?.role !== 'family' ? (
          <FormNotice tone="info">{FAMILY_ACCOUNTS_BOOK}</FormNotice>
        ) : open ? (
          <ReservationForm session={session} reservation={reservation} accountName={signedInAs?.name} />
        ) : (
          <Link to={`/classes?${query.toString()}#reserve`} className="btn-secondary" aria-describedby={headingId}>
            Reserve a place
          </Link>
        )}
      </div>
    </article>
  )
}

/** In place of the form for a visitor who is not signed in: a place is taken with an account (decision 022). */
function LogInToReserve({ session }: { session: TimetableSession }) {
  // As with the form: the link that opened this is gone, so a keyboard user continues here.
  const logIn = useRef<HTMLAnchorElement>(null)
  useEffect(() => logIn.current?.focus(), [])
  return (
    <div className="space-y-4">
      <p className="text-ink-700">Places are reserved with a free account, and we email the confirmation to its address.</p>
      <div className="flex flex-wrap gap-3">
        <Link ref={logIn} to={logInToReserve(session.key)} className="btn-primary">
          Log in to reserve
        </Link>
        <Link to="/signup" className="btn-secondary">
          Create a free account
        </Link>
      </div>
    </div>
  )
}

function ReservationForm({ session, reservation, accountName }: { session: TimetableSession; reservation: ReservationActionData | undefined; accountName: string | undefined }) {
  const busy = useIsPosting()
  const { search } = useLocation()
  const { formRef, errors, onSubmit, onChange } = useValidatedForm(ClassReservationSchema, reservation?.fieldErrors)
  const values = reservation?.values
  // The 'Reserve a place' link that opened this form is gone, so its focus would fall back to
  // the page; a keyboard user continues in the first field instead.
  useEffect(() => {
    if (!reservation) formRef.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus()
  }, [formRef, reservation])
  return (
    <div className="space-y-4">
      {reservation?.refusal ? <FormNotice tone="error">{reservation.refusal}</FormNotice> : null}
      <Form method="post" action={`/classes${search}#reserve`} noValidate ref={formRef} onSubmit={onSubmit} onChange={onChange} className="relative" aria-label={`Reserve a place: ${session.title}`}>
        <Honeypot />
        <input type="hidden" name="session" value={session.key} />
        <fieldset disabled={busy} className="space-y-4">
          <TextField label="Your name" name="name" autoComplete="name" maxLength={LIMITS.name} defaultValue={values?.name ?? accountName} error={errors.name} />
          <SelectField
            label="Student's year group"
            name="yearGroup"
            options={YEAR_GROUPS}
            placeholder="Choose a year group"
            defaultValue={values?.yearGroup ?? ''}
            error={errors.yearGroup}
          />
          <SubmitButton busy={busy} label="Reserve a place" busyLabel="Reserving..." />
        </fieldset>
      </Form>
    </div>
  )
}
