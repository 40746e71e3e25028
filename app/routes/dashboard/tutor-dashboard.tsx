import { Form } from '@remix-run/react'

import { FieldError } from '~/forms/fields'
import type { LessonStage } from '~/lessons/lesson-times'
import { StatusBadge } from '~/office/office-parts'
import { useIsPosting } from '~/forms/use-is-posting'
import { WEEKDAYS } from '~/london-time'
import { LearnerDetails, type Learner } from '~/components/learner-details'
import { SectionCard } from '~/components/section-card'
import { LessonActions, type Cancelling, type LessonState } from '~/routes/dashboard/lesson-actions'
import { ONLINE_CARD_CATCHES_UP_MINUTES, RULES } from '~/site'

type Lesson = LessonState & { name: string; email: string; message: string; when: string; learner: Learner | null; stage: LessonStage }

export type TutorView = { id: string; name: string; requested: Lesson[]; lessons: Lesson[]; weeklySlots: string[] }

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = { Sun: 'Sunday', Mon: 'Monday', Tue: 'Tuesday', Wed: 'Wednesday', Thu: 'Thursday', Fri: 'Friday', Sat: 'Saturday' }
// The week as a timetable reads: Monday first.
const WEEK = [...WEEKDAYS.slice(1), WEEKDAYS[0]]

/** A tutor's dashboard: requests to answer, confirmed lessons, and the weekly availability they keep. */
export function TutorDashboard({ tutor, slotsError, cancelling }: { tutor: TutorView; slotsError?: string; cancelling: Cancelling | undefined }) {
  const busy = useIsPosting()
  return (
    <>
      <SectionCard id="requests-title" title="Requests for you">
        {tutor.requested.length === 0 ? <p className="mt-2 text-ink-700">No requests are waiting for you.</p> : null}
        <ul className="mt-4 space-y-4">
          {tutor.requested.map((lesson) => (
            <li key={lesson.id} className="rounded-xl border border-ink-200 p-4">
              <p className="font-semibold text-ink-900">
                {lesson.when}: {lesson.name}
              </p>
              <p className="text-sm text-ink-700 [overflow-wrap:anywhere]">{lesson.email}</p>
              {lesson.message ? <p className="mt-2 whitespace-pre-wrap text-ink-800">{lesson.message}</p> : null}
              {lesson.learner ? <LearnerDetails learner={lesson.learner} /> : null}
              <div className="mt-3 flex flex-wrap gap-3">
                <Form method="post" action="?intent=confirm">
                  <input type="hidden" name="request" value={lesson.id} />
                  <button type="submit" className="btn-primary" disabled={busy} aria-label={`Confirm ${lesson.name}, ${lesson.when}`}>
                    Confirm
                  </button>
                </Form>
                <Form method="post" action="?intent=decline">
                  <input type="hidden" name="request" value={lesson.id} />
                  <button type="submit" className="btn-secondary" disabled={busy} aria-label={`Decline ${lesson.name}, ${lesson.when}`}>
                    Decline
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </SectionCard>

      <SectionCard id="lessons-title" title="Your lessons">
        {tutor.lessons.length === 0 ? <p className="mt-2 text-ink-700">No confirmed lessons yet.</p> : null}
        <ul className="mt-4 divide-y divide-ink-200">
          {tutor.lessons.map((lesson) => (
            <li key={lesson.id} className="py-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <span className="text-ink-900 [overflow-wrap:anywhere]">
                  <span className="font-semibold">{lesson.when}</span>: {lesson.name} ({lesson.email})
                </span>
                <StatusBadge status={lesson.stage} />
              </div>
              <LessonActions lesson={lesson} label={`${lesson.name}, ${lesson.when}`} cancelling={cancelling} />
            </li>
          ))}
        </ul>
      </SectionCard>

      <SectionCard id="availability-title" title="Your weekly availability">
        <p className="mt-2 text-ink-700">
          Tick the hours you can teach each week (London time). Your profile and the tutor search offer these times, less any lesson
          already confirmed.
        </p>
        <Form method="post" action="?intent=availability" className="mt-4">
          <div data-invalid={slotsError ? true : undefined} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {WEEK.map((day) => (
              <fieldset key={day} className="rounded-xl border border-ink-200 p-3" aria-describedby={slotsError ? 'field-slots-error' : undefined}>
                <legend className="px-1 text-sm font-semibold text-ink-900">{DAY_NAMES[day]}</legend>
                <div className="grid grid-cols-2 gap-1">
                  {RULES.tutorDayStarts.map((time) => {
                    const value = `${day} ${time}`
                    return (
                      <label key={value} className="flex items-center gap-2 text-sm text-ink-800">
                        <input type="checkbox" name="slots" value={value} defaultChecked={tutor.weeklySlots.includes(value)} className="h-4 w-4 rounded border-ink-300" />
                        <span>
                          {time}
                          <span className="sr-only"> on {DAY_NAMES[day]}</span>
                        </span>
                      </label>
                    )
                  })}
                </div>
              </fieldset>
            ))}
          </div>
          <FieldError id="field-slots-error" error={slotsError} />
          <button type="submit" className="btn-primary mt-4" disabled={busy}>
            Save availability
          </button>
        </Form>
      </SectionCard>
    </>
  )
}

/**
 * A tutor's choice to show families when they are online: shown to every tutor, with or without a
 * catalogue record, so the consent the privacy notice says is taken back here always can be.
 */
export function OnlineChoice({ showsOnline }: { showsOnline: boolean }) {
  const busy = useIsPosting()
  return (
    <SectionCard id="online-title" title="Showing that you're online">
      <p className="mt-2 text-ink-700">
        If you choose, your card in the tutor search and on the home page tells visitors you are online now while you use the site
        signed in, and for a few minutes after. Pages are kept briefly for speed, so a card can take up to{' '}
        {ONLINE_CARD_CATCHES_UP_MINUTES} minutes to change. It is off until you turn it on, and turning it off forgets when you were
        last here.
      </p>
      <Form method="post" action="?intent=online" className="mt-4">
        <label className="flex items-center gap-3 text-ink-900">
          <input type="checkbox" name="showOnline" defaultChecked={showsOnline} className="h-4 w-4 rounded border-ink-300 text-brand-700" />
          Show families when I&apos;m online
        </label>
        <button type="submit" className="btn-primary mt-4" disabled={busy}>
          Save online status
        </button>
      </Form>
    </SectionCard>
  )
}
