// The vocabulary an MDX page may use. These render once, on the server, into the
// page's cached HTML, so they are static: no state, no effects, no loader data.
import { Icon } from '~/components/icon'
import type { ComponentProps, ReactNode } from 'react'

import {
  CookieTable,
  Curricula,
  Faqs,
  LessonPacks,
  PricingPlans,
  ProcessSteps,
  SubjectCards,
  Testimonials,
  TutorRequirements,
} from '~/content/content-blocks'
import { ScrollRegion } from '~/components/scroll-region'
import { useContentData } from '~/content/data-context'
import { CLAIMS, type ClaimName } from '~/site'

type Children = { children?: ReactNode }

function CallToAction({ href, children, variant = 'primary' }: Children & { href: string; variant?: 'primary' | 'secondary' }) {
  return (
    <a href={href} className={`${variant === 'primary' ? 'btn-primary' : 'btn-secondary'} not-prose`}>
      {children}
    </a>
  )
}

/** A titled band of a marketing page: `<Section title="How It Works" lead="…">`. */
function Section({ title, lead, children }: Children & { title: string; lead?: string }) {
  return (
    <section className="mt-14 first:mt-0">
      <div className="not-prose mb-6">
        <h2 className="section-title">{title}</h2>
        {lead ? <p className="section-lead">{lead}</p> : null}
      </div>
      {children}
    </section>
  )
}

function Actions({ children }: Children) {
  return <div className="not-prose my-8 flex flex-wrap gap-3">{children}</div>
}

function Cards({ children }: Children) {
  return <div className="not-prose my-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
}

function Card({ title, href, children }: Children & { title: string; href?: string }) {
  return (
    <div className="card flex flex-col">
      <h3 className="text-lg font-semibold text-ink-900">
        {href ? (
          <a href={href} className="text-brand-800 underline-offset-4 hover:underline">
            {title}
          </a>
        ) : (
          title
        )}
      </h3>
      <div className="mt-2 text-ink-600 [&>p]:m-0 [&>ul]:mt-2 [&>ul]:list-disc [&>ul]:pl-5">{children}</div>
    </div>
  )
}

const CALLOUT_TONES = {
  info: { icon: 'info', className: 'border-brand-200 bg-brand-50' },
  tip: { icon: 'lightbulb', className: 'border-sun-300 bg-sun-100' },
  safety: { icon: 'shield-check', className: 'border-emerald-200 bg-emerald-50' },
} as const

function Callout({ title, tone = 'info', children }: Children & { title?: string; tone?: keyof typeof CALLOUT_TONES }) {
  const { icon, className } = CALLOUT_TONES[tone]
  return (
    <aside className={`not-prose my-6 flex gap-3 rounded-2xl border p-5 ${className}`}>
      <Icon name={icon} className="mt-0.5 h-5 w-5 flex-none text-ink-800" />
      {/* Outside the prose styles, a link in the text needs its own colour and underline to be seen as one. */}
      <div className="text-ink-800 [&>p]:m-0 [&>p+p]:mt-2 [&_a:hover]:text-brand-900 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4">
        {title ? <p className="font-semibold text-ink-900">{title}</p> : null}
        {children}
      </div>
    </aside>
  )
}

function Stat({ claim }: { claim: Exclude<ClaimName, `${string}Label` | 'trustBadge'> }) {
  return (
    <div className="rounded-2xl bg-brand-50 p-5 text-center">
      <p className="text-3xl font-bold text-brand-800">{CLAIMS[claim]}</p>
      <p className="mt-1 text-sm text-ink-700">{CLAIMS[`${claim}Label`]}</p>
    </div>
  )
}

function Stats() {
  return (
    <div className="not-prose my-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
      <Stat claim="tutors" />
      <Stat claim="students" />
      <Stat claim="lessons" />
      <Stat claim="rating" />
    </div>
  )
}

/** A site fact, written once in site.ts or a data file: `<Fact name="supportEmail" />`. */
function Fact({ name }: { name: string }) {
  const { facts } = useContentData()
  if (!Object.hasOwn(facts, name)) {
    throw new Error(`<Fact name="${name}"> is not a known fact; use one of ${Object.keys(facts).join(', ')}`)
  }
  // Addresses are there to be written to, so every e-mail fact is a link. A long address
  // has no break point, so it may break anywhere rather than widen a phone's page.
  if (name.endsWith('Email')) return <a href={`mailto:${facts[name]}`} className="break-words">{facts[name]}</a>
  return <>{facts[name]}</>
}

/**
 * Copy about the scheduling partner's booking button, shown only on a site that has one:
 * `<WithBookingPartner>…</WithBookingPartner>`, and `<WithoutBookingPartner>` for what replaces it.
 */
function WithBookingPartner({ children }: Children) {
  return useContentData().hasBookingPartner ? <>{children}</> : null
}

function WithoutBookingPartner({ children }: Children) {
  return useContentData().hasBookingPartner ? null : <>{children}</>
}

function Anchor({ href = '', children, ...rest }: ComponentProps<'a'>) {
  const external = /^https?:\/\//.test(href)
  return (
    <a href={href} {...rest} {...(external ? { rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  )
}

/**
 * Markdown tables scroll sideways inside the column rather than widening a phone's page, at a
 * width that keeps their columns readable rather than a word or two wide.
 */
function Table(props: ComponentProps<'table'>) {
  return (
    <ScrollRegion label="Table (scrolls sideways on small screens)" className="my-8">
      <table {...props} className="my-0 min-w-[34rem]" />
    </ScrollRegion>
  )
}

export const mdxComponents = {
  a: Anchor,
  table: Table,
  Actions,
  CallToAction,
  Callout,
  Card,
  Cards,
  CookieTable,
  Curricula,
  Fact,
  Faqs,
  LessonPacks,
  PricingPlans,
  ProcessSteps,
  Section,
  Stat,
  Stats,
  SubjectCards,
  Testimonials,
  TutorRequirements,
  WithBookingPartner,
  WithoutBookingPartner,
}
