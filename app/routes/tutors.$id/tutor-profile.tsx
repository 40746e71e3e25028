import { Icon } from '~/components/icon'
import type { IconName } from '~/components/icons/icon-set'

import { Breadcrumbs } from '~/content/content-page'
import { LessonRequestForm, type FreeSlot } from '~/routes/tutors.$id/lesson-request-form'
import type { LessonRequestActionData } from '~/routes/tutors.$id/tutor-profile.server'
import { formatExperience } from '~/content/experience'
import { formatPrice } from '~/content/price'
import { formatMode, formatStudents, isTopRated, type Tutor } from '~/tutors/tutor'

/** Where a profile sits: under the tutors page and the search (its breadcrumbs, shown and in its structured data). */
export const PROFILE_TRAIL = [
  { label: 'Tutors', href: '/tutors' },
  { label: 'Find a Tutor', href: '/tutors/find' },
]

export function TutorProfile({ tutor, slots, lessonRequest }: { tutor: Tutor; slots: FreeSlot[]; lessonRequest: LessonRequestActionData | undefined }) {
  const facts: Array<{ icon: IconName; label: string; value: string }> = [
    { icon: 'star', label: 'Rating', value: `${tutor.rating.toFixed(1)} out of 5` },
    { icon: 'graduation-cap', label: 'Experience', value: formatExperience(tutor.experienceYears) },
    { icon: 'users', label: 'Students taught', value: formatStudents(tutor.studentsTaught) },
    { icon: 'monitor-smartphone', label: 'Lessons', value: formatMode(tutor.mode) },
    { icon: 'map-pin', label: 'Location', value: tutor.location },
  ]
  return (
    <article>
      <header className="border-b border-ink-200 bg-ink-50">
        <div className="page-container py-10">
          <Breadcrumbs trail={PROFILE_TRAIL} current={tutor.name} />
          <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
            <img src={tutor.avatar} alt="" width={112} height={112} className="h-28 w-28 rounded-3xl" />
            <div>
              <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
                {tutor.name}
                {tutor.verified ? <Icon name="badge-check" role="img" aria-label="Verified tutor" className="h-7 w-7 text-brand-700" /> : null}
              </h1>
              <p className="mt-2 text-lg text-ink-600">
                {tutor.subject} tutor · {tutor.levels.join(', ')}
              </p>
              <p className="mt-3 flex flex-wrap items-center gap-3">
                <span className="text-2xl font-bold text-ink-900">{formatPrice(tutor.pricePerHour)}</span>
                <span className="text-ink-600">per hour</span>
                {isTopRated(tutor) ? <span className="rounded-full bg-sun-100 px-3 py-1 text-sm font-semibold">Top Rated</span> : null}
              </p>
            </div>
          </div>
        </div>
      </header>
      <div className="page-container grid gap-12 py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-10">
          <section aria-labelledby="about-tutor">
            <h2 id="about-tutor" className="text-2xl font-bold text-ink-900">
              About {tutor.name}
            </h2>
            <p className="mt-3 text-lg leading-8 text-ink-700">{tutor.bio}</p>
          </section>
          <section aria-labelledby="specialties">
            <h2 id="specialties" className="text-2xl font-bold text-ink-900">Specialties</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {tutor.specialties.map((specialty) => (
                <li key={specialty} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                  {specialty}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="qualifications">
            <h2 id="qualifications" className="text-2xl font-bold text-ink-900">Qualifications</h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-ink-700">
              {tutor.qualifications.map((qualification) => (
                <li key={qualification}>{qualification}</li>
              ))}
            </ul>
          </section>
          <section id="book" aria-labelledby="book-heading" className="card scroll-mt-28">
            <h2 id="book-heading" className="flex items-center gap-2 text-2xl font-bold text-ink-900">
              <Icon name="calendar-clock" className="h-6 w-6 text-brand-700" /> Request a lesson
            </h2>
            <p className="mb-5 mt-2 text-ink-700">
              Pick a free time in the next 7 days. Your first session with {tutor.name} is free; we confirm every request by e-mail.
            </p>
            <LessonRequestForm tutorName={tutor.name} slots={slots} data={lessonRequest} />
          </section>
        </div>
        <aside aria-label="Tutor facts" className="card h-fit">
          <dl className="space-y-4">
            {facts.map(({ icon, label, value }) => (
              <div key={label}>
                <dt className="flex items-center gap-3 text-sm text-ink-600">
                  <Icon name={icon} className="h-5 w-5 flex-none text-brand-700" />
                  {label}
                </dt>
                <dd className="pl-8 font-medium text-ink-900">{value}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </div>
    </article>
  )
}
