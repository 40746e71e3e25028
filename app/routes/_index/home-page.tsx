import { Link, useRouteLoaderData } from '@remix-run/react'

import { BookingButton } from '~/routes/_index/booking-button'
import { ContentBody } from '~/content/content-body'
import type { PageData } from '~/content/content-page'
import { TutorCard } from '~/tutors/tutor-card'
import type { TutorCardData } from '~/tutors/tutor'
import type { HomeFrontmatter } from '~/content/schema'
import type { loader as rootLoader } from '~/root'
import type { CLAIMS } from '~/site'
import { Icon } from '~/components/icon'

/** The claims the hero states, sent by the loader (home.server.tsx). */
export type HeroClaims = Pick<typeof CLAIMS, 'trustBadge' | 'tutors' | 'tutorsLabel' | 'lessons' | 'lessonsLabel' | 'rating' | 'ratingLabel'>

function Hero({ hero, claims, liveSessionMock }: { hero: HomeFrontmatter['hero']; claims: HeroClaims; liveSessionMock: string }) {
  const schedulingScriptUrl = useRouteLoaderData<typeof rootLoader>('root')?.schedulingScriptUrl ?? null
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-br from-brand-50 via-white to-sun-100/60">
      <div className="page-container grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100">
            <Icon name="star" className="h-4 w-4 fill-sun-400 text-sun-400" />
            {claims.trustBadge}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-ink-900 sm:text-5xl lg:text-6xl">
            {hero.title} <span className="text-brand-700">{hero.highlight}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-ink-600">{hero.lead}</p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link to={hero.primaryAction.href} className="btn-primary h-12 px-6 text-base">
              {hero.primaryAction.label}
            </Link>
            <BookingButton scriptUrl={schedulingScriptUrl} />
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4">
            {(
              [
                [claims.tutors, claims.tutorsLabel],
                [claims.lessons, claims.lessonsLabel],
                [claims.rating, claims.ratingLabel],
              ] as const
            ).map(([value, label]) => (
              <div key={label} className="flex flex-col">
                <dt className="text-sm text-ink-600">{label}</dt>
                <dd className="order-first text-2xl font-bold text-ink-900">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <ContentBody html={liveSessionMock} />
      </div>
    </section>
  )
}

function FeaturedTutors({ tutors, heading }: { tutors: TutorCardData[]; heading: HomeFrontmatter['featuredTutors'] }) {
  return (
    <section aria-labelledby="featured-tutors" className="bg-ink-50 py-16 sm:py-20">
      <div className="page-container">
        <h2 id="featured-tutors" className="section-title">
          {heading.title}
        </h2>
        <p className="section-lead">{heading.lead}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {tutors.map((tutor) => (
            <li key={tutor.id}>
              <TutorCard tutor={tutor} />
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to="/tutors" className="btn-primary">
            Browse All Tutors
          </Link>
          <Link to="/pricing" className="btn-secondary">
            View Pricing
          </Link>
        </div>
      </div>
    </section>
  )
}

/** The home sections the server renders to HTML once per version of the content. */
export type HomeStaticSections = { liveSessionMock: string; closing: string }

export function HomePage({
  page,
  home,
  claims,
  sections,
  featuredTutors,
}: {
  page: PageData
  home: Omit<HomeFrontmatter, 'closing'>
  claims: HeroClaims
  sections: HomeStaticSections
  featuredTutors: TutorCardData[]
}) {
  return (
    <>
      <Hero hero={home.hero} claims={claims} liveSessionMock={sections.liveSessionMock} />
      <div className="page-container py-16 sm:py-20">
        <ContentBody html={page.html} className="home-sections space-y-20" />
      </div>
      <FeaturedTutors tutors={featuredTutors} heading={home.featuredTutors} />
      <ContentBody html={sections.closing} />
    </>
  )
}
