// The vocabulary an MDX page may use. These render once, on the server, into the
// page's cached HTML, so they are static: no state, no effects, no loader data.
import { BadgeCheck, Info, Lightbulb, ShieldCheck } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'

import { useContentData } from '~/content-data'
import { CLAIMS, RULES, SITE, SUPPORT, type ClaimName } from '~/site'
import { formatPrice } from '~/tutors'

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
    <section className="not-prose">
      <h2 className="section-title">{title}</h2>
      {lead ? <p className="section-lead">{lead}</p> : null}
      {children}
    </section>
  )
}

function Actions({ children }: Children) {
  return <div className="not-prose my-8 flex flex-wrap gap-3">{children}</div>
}

function Steps({ children }: Children) {
  return <ol className="not-prose my-8 grid gap-4 [counter-reset:step] md:grid-cols-3">{children}</ol>
}

function Step({ title, children }: Children & { title: string }) {
  return (
    <li className="card relative pt-14 [counter-increment:step] before:absolute before:left-6 before:top-5 before:flex before:h-8 before:w-8 before:items-center before:justify-center before:rounded-full before:bg-brand-700 before:text-sm before:font-bold before:text-white before:content-[counter(step)]">
      <h3 className="text-lg font-semibold text-ink-900">{title}</h3>
      <div className="mt-2 text-ink-600 [&>p]:m-0">{children}</div>
    </li>
  )
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
  info: { icon: Info, className: 'border-brand-200 bg-brand-50' },
  tip: { icon: Lightbulb, className: 'border-sun-300 bg-sun-100' },
  safety: { icon: ShieldCheck, className: 'border-emerald-200 bg-emerald-50' },
} as const

function Callout({ title, tone = 'info', children }: Children & { title?: string; tone?: keyof typeof CALLOUT_TONES }) {
  const { icon: Icon, className } = CALLOUT_TONES[tone]
  return (
    <aside className={`not-prose my-6 flex gap-3 rounded-2xl border p-5 ${className}`}>
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 flex-none text-ink-800" />
      <div className="text-ink-800 [&>p]:m-0 [&>p+p]:mt-2">
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

const FACTS = {
  siteName: SITE.name,
  supportEmail: SITE.supportEmail,
  location: SITE.location,
  trustBadge: CLAIMS.trustBadge,
  tutors: CLAIMS.tutors,
  students: CLAIMS.students,
  lessons: CLAIMS.lessons,
  rating: CLAIMS.rating,
  support: CLAIMS.support,
  replyWithin: SUPPORT.replyWithin,
  cancellationWindow: `${RULES.cancellationWindowHours} hours`,
  refundTime: `${RULES.refundBusinessDays} business days`,
  groupSizes: RULES.groupSizes.join(' and '),
  joinEarly: `${RULES.joinEarlyMinutes} minutes`,
  passwordMinLength: String(RULES.passwordMinLength),
  tutorMinExperience: `${RULES.tutorMinYearsExperience} year`,
} as const

/** A site fact, written once in site.ts: `<Fact name="supportEmail" />`. */
function Fact({ name }: { name: keyof typeof FACTS }) {
  if (!(name in FACTS)) throw new Error(`<Fact name="${name}"> is not a known fact; use one of ${Object.keys(FACTS).join(', ')}`)
  if (name === 'supportEmail') return <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
  return <>{FACTS[name]}</>
}

function SubjectCards({ only }: { only?: 'home' }) {
  const { subjects } = useContentData()
  const shown = only === 'home' ? subjects.filter((subject) => subject.onHomePage) : subjects
  return (
    <ul className="not-prose my-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((subject) => (
        <li key={subject.id} className="card flex flex-col">
          <h3 className="text-lg font-semibold">
            <a href={subject.href} className="text-brand-800 underline-offset-4 hover:underline">
              {subject.name}
            </a>
          </h3>
          <p className="mt-2 text-ink-600">{subject.summary}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={`${subject.name} topics`}>
            {subject.topics.map((topic) => (
              <li key={topic} className="rounded-full bg-ink-100 px-3 py-1 text-xs font-medium text-ink-700">
                {topic}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}

function HowItWorksSteps() {
  const { steps } = useContentData()
  return (
    <Steps>
      {steps.map((step) => (
        <Step key={step.title} title={step.title}>
          <p>{step.text}</p>
        </Step>
      ))}
    </Steps>
  )
}

function PricingPlans() {
  const { pricing } = useContentData()
  return (
    <ul className="not-prose my-8 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      {pricing.plans.map((plan) => (
        <li
          key={plan.id}
          className={`card flex flex-col ${plan.highlighted ? 'border-2 border-brand-700 ring-4 ring-brand-100' : ''}`}
        >
          <h3 className="text-lg font-semibold text-ink-900">{plan.name}</h3>
          <p className="mt-3">
            <span className="text-3xl font-bold text-ink-900">
              {plan.pricePerHour === null ? 'Free' : formatPrice(plan.pricePerHour)}
            </span>{' '}
            <span className="text-sm text-ink-600">{plan.priceNote}</span>
          </p>
          <p className="mt-3 text-ink-600">{plan.summary}</p>
          <ul className="mt-4 flex-1 space-y-2 text-sm text-ink-700">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <BadgeCheck aria-hidden="true" className="h-5 w-5 flex-none text-brand-700" />
                {feature}
              </li>
            ))}
          </ul>
          <a href={plan.action.href} className={`mt-6 ${plan.highlighted ? 'btn-primary' : 'btn-secondary'}`}>
            {plan.action.label}
          </a>
        </li>
      ))}
    </ul>
  )
}

function LessonPacks() {
  const { pricing } = useContentData()
  return (
    <ul className="not-prose my-6 grid gap-4 sm:grid-cols-2">
      {pricing.packs.map((pack) => (
        <li key={pack.lessons} className="card">
          <h3 className="text-lg font-semibold">{pack.lessons}-lesson pack</h3>
          <p className="mt-2 text-2xl font-bold text-brand-800">Save {pack.savingPercent}%</p>
          <p className="mt-1 text-sm text-ink-600">Valid for {pack.validMonths} months from purchase</p>
        </li>
      ))}
    </ul>
  )
}

function Anchor({ href = '', children, ...rest }: ComponentProps<'a'>) {
  const external = /^https?:\/\//.test(href)
  return (
    <a href={href} {...rest} {...(external ? { rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  )
}

export const mdxComponents = {
  a: Anchor,
  Actions,
  CallToAction,
  Callout,
  Card,
  Cards,
  Fact,
  HowItWorksSteps,
  LessonPacks,
  PricingPlans,
  Section,
  Stat,
  Stats,
  Step,
  Steps,
  SubjectCards,
}
