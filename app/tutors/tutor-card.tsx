import { Link } from '@remix-run/react'

import type { TutorCardData } from '~/tutors/tutor'
import { Icon } from '~/components/icon'

/**
 * spec §2 and §3: a tutor's card, on the home page ('Book Session') and in search
 * results ('Book a Lesson'); both lead to the profile's booking section.
 */
export function TutorCard({ tutor, bookLabel = 'Book Session' }: { tutor: TutorCardData; bookLabel?: string }) {
  return (
    <article className="card flex h-full flex-col" aria-labelledby={`tutor-${tutor.id}`}>
      <div className="flex items-start gap-4">
        <div className="relative flex-none">
          <img src={tutor.avatar} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded-2xl" />
          {tutor.online ? <span aria-hidden="true" className="absolute -bottom-1 -right-1 h-4 w-4 rounded-full border-2 border-white bg-emerald-500" /> : null}
        </div>
        <div className="min-w-0 flex-1">
          <h3 id={`tutor-${tutor.id}`} className="flex items-center gap-1.5 text-lg font-semibold text-ink-900">
            {tutor.name}
            {tutor.verified ? (
              <Icon name="badge-check" className="h-5 w-5 flex-none text-brand-700" aria-label="Verified tutor" role="img" />
            ) : null}
          </h3>
          <p className="text-sm text-ink-600">
            {tutor.subject} · {tutor.levels.join(', ')}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-1 text-sm font-medium text-ink-800">
            <Icon name="star" className="h-4 w-4 fill-sun-400 text-sun-400" />
            {tutor.rating.toFixed(1)}
            <span className="sr-only">out of 5</span>
            {tutor.isTopRated ? (
              <span className="ml-1 whitespace-nowrap rounded-full bg-sun-100 px-2 py-0.5 text-xs font-semibold text-ink-900">Top Rated</span>
            ) : null}
            {/* In words as well as the dot on the photo, which colour alone would not explain. */}
            {tutor.online ? <span className="ml-1 whitespace-nowrap rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">Online now</span> : null}
          </p>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
        <div className="flex items-center gap-2 text-ink-700">
          <dt>
            <Icon name="graduation-cap" className="h-4 w-4 text-ink-500" />
            <span className="sr-only">Experience</span>
          </dt>
          <dd>{tutor.experience}</dd>
        </div>
        <div className="flex items-center gap-2 text-ink-700">
          <dt>
            <Icon name="users" className="h-4 w-4 text-ink-500" />
            <span className="sr-only">Students taught</span>
          </dt>
          <dd>{tutor.students} students</dd>
        </div>
        <div className="flex items-center gap-2 text-ink-700">
          <dt>
            <Icon name="monitor-smartphone" className="h-4 w-4 text-ink-500" />
            <span className="sr-only">Lessons</span>
          </dt>
          <dd>{tutor.mode}</dd>
        </div>
        <div className="flex items-center gap-2 text-ink-700">
          <dt className="sr-only">Price</dt>
          <dd>
            <span className="font-semibold text-ink-900">{tutor.price}</span> per hour
          </dd>
        </div>
        <div className="col-span-2 flex items-center gap-2 text-ink-700">
          <dt className="flex items-center gap-2">
            <Icon name="clock" className="h-4 w-4 text-ink-500" />
            Next available:
          </dt>
          <dd className="font-medium text-ink-900">{tutor.nextAvailable}</dd>
        </div>
      </dl>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Specialties">
        {tutor.specialties.map((specialty) => (
          <li key={specialty} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
            {specialty}
          </li>
        ))}
      </ul>
      <div className="mt-auto grid grid-cols-2 gap-2 pt-6">
        <Link to={`/tutors/${tutor.id}#book`} className="btn-primary" aria-label={`${bookLabel} with ${tutor.name}`}>
          {bookLabel}
        </Link>
        <Link to={`/tutors/${tutor.id}`} className="btn-secondary" aria-label={`View Profile of ${tutor.name}`}>
          View Profile
        </Link>
      </div>
    </article>
  )
}
