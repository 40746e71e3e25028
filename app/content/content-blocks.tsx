// MDX components that show a data file: each fact is written once in content/data
// and every page that shows it renders it through one of these.
import { Icon } from '~/components/icon'

import { ScrollRegion } from '~/components/scroll-region'
import { useContentData } from '~/content/data-context'
import type { FaqsFile, Step, StepListName, TestimonialsFile } from '~/content/schema'
import { COOKIE_DESCRIPTIONS } from '~/http/cookie-descriptions'
import { planPriceParts } from '~/content/price'

function pick<Group extends string, Value>(record: Record<Group, Value>, group: Group, component: string): Value {
  if (!Object.hasOwn(record, group)) {
    throw new Error(`<${component}> has no list "${group}"; use one of ${Object.keys(record).join(', ')}`)
  }
  return record[group]
}

export function StepCards({ steps }: { steps: Step[] }) {
  const columns = steps.length % 3 === 0 ? 'md:grid-cols-3' : 'md:grid-cols-2'
  return (
    <ol className={`not-prose my-8 grid gap-4 ${columns}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="card relative pt-14">
          <span
            aria-hidden="true"
            className="absolute left-6 top-5 flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="text-lg font-semibold text-ink-900">{step.title}</h3>
          <p className="mt-2 text-ink-600">{step.text}</p>
          {step.link ? (
            <a href={step.link.href} className="mt-3 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
              {step.link.label}
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

/** A numbered process from data/steps.json: `<ProcessSteps list="booking" />`. */
export function ProcessSteps({ list }: { list: StepListName }) {
  const { steps } = useContentData()
  return <StepCards steps={pick(steps, list, 'ProcessSteps')} />
}

/**
 * Questions and answers from data/faqs.json. Each is a `<details>` sharing one `name`,
 * so the browser itself keeps at most one answer open (spec §4: "one open item index
 * or none"), with or without JavaScript, and synchronously, so no script can race it.
 */
export function Faqs({ group }: { group: keyof FaqsFile }) {
  const { faqs } = useContentData()
  return (
    <div className="not-prose my-8 divide-y divide-ink-200 overflow-hidden rounded-2xl border border-ink-200 bg-white">
      {pick(faqs, group, 'Faqs').map((faq) => (
        <details key={faq.question} name={`faqs-${group}`} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink-900 hover:bg-ink-50 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
            {faq.question}
            <Icon name="chevron-down" className="h-5 w-5 flex-none text-brand-700 transition-transform group-open:rotate-180" />
          </summary>
          <p className="px-5 pb-5 leading-7 text-ink-700">{faq.answer}</p>
        </details>
      ))}
    </div>
  )
}

export function Testimonials({ group }: { group: keyof TestimonialsFile }) {
  const { testimonials } = useContentData()
  return (
    <ul className="not-prose my-8 grid gap-4 md:grid-cols-3">
      {pick(testimonials, group, 'Testimonials').map((testimonial) => (
        <li key={testimonial.name}>
          <figure className="card flex h-full flex-col">
            <Icon name="quote" className="h-6 w-6 text-brand-300" />
            <blockquote className="mt-3 flex-1 leading-7 text-ink-700">{testimonial.quote}</blockquote>
            <figcaption className="mt-5 border-t border-ink-200 pt-4">
              <span className="block font-semibold text-ink-900">{testimonial.name}</span>
              <span className="block text-sm text-ink-600">{testimonial.role}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  )
}

export function TutorRequirements() {
  const { tutorRequirements } = useContentData()
  return (
    <ul className="not-prose my-8 grid gap-4 sm:grid-cols-2">
      {tutorRequirements.map((requirement) => (
        <li key={requirement.title} className="flex gap-3 rounded-2xl border border-ink-200 bg-white p-5">
          <Icon name="badge-check" className="mt-0.5 h-6 w-6 flex-none text-brand-700" />
          <div>
            <h3 className="font-semibold text-ink-900">{requirement.title}</h3>
            <p className="mt-1 text-ink-600">{requirement.text}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}

export function Curricula() {
  const { curricula } = useContentData()
  return (
    <ul className="not-prose my-8 grid gap-4 md:grid-cols-2">
      {curricula.map((curriculum) => (
        <li key={curriculum.id} className="card">
          <h3 className="text-lg font-semibold text-ink-900">{curriculum.name}</h3>
          <p className="mt-2 text-ink-600">{curriculum.summary}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={`${curriculum.name} qualifications`}>
            {curriculum.qualifications.map((qualification) => (
              <li key={qualification} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                {qualification}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}

export function SubjectCards({ only }: { only?: 'home' }) {
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

export function PricingPlans() {
  const { pricing } = useContentData()
  return (
    <ul className="not-prose my-8 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      {pricing.plans.map((plan) => {
        const price = planPriceParts(plan)
        return (
          <li
            key={plan.id}
            className={`card flex flex-col ${plan.highlighted ? 'border-2 border-brand-700 ring-4 ring-brand-100' : ''}`}
          >
            <h3 className="text-lg font-semibold text-ink-900">{plan.name}</h3>
            <p className="mt-3 text-sm text-ink-600">
              {price.before}
              <span className="text-3xl font-bold text-ink-900">{price.amount}</span>
              {price.after}
            </p>
            <p className="mt-3 text-ink-600">{plan.summary}</p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-ink-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Icon name="badge-check" className="h-5 w-5 flex-none text-brand-700" />
                  {feature}
                </li>
              ))}
            </ul>
            <a href={plan.action.href} className={`mt-6 ${plan.highlighted ? 'btn-primary' : 'btn-secondary'}`}>
              {plan.action.label}
            </a>
          </li>
        )
      })}
    </ul>
  )
}

export function LessonPacks() {
  const { pricing, facts } = useContentData()
  return (
    <ul className="not-prose my-6 grid gap-4 sm:grid-cols-2">
      {pricing.packs.map((pack) => (
        <li key={pack.lessons} className="card">
          <h3 className="text-lg font-semibold">{pack.lessons}-lesson pack</h3>
          <p className="mt-2 text-2xl font-bold text-brand-800">Save {pack.savingPercent}%</p>
          <p className="mt-1 text-sm text-ink-600">Valid for {facts.packValidity} from purchase</p>
        </li>
      ))}
    </ul>
  )
}

export function CookieTable() {
  // The cookie that keeps a visitor's answer is set only where there is a question to answer.
  const { hasBookingPartner } = useContentData()
  const cookies = Object.entries(COOKIE_DESCRIPTIONS).filter(([key]) => hasBookingPartner || key !== 'consent')
  return (
    <ScrollRegion label="Cookies this site sets" className="not-prose my-8 rounded-2xl border border-ink-200">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Cookies this site sets</caption>
        <thead className="bg-ink-50 text-ink-900">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Name</th>
            <th scope="col" className="px-4 py-3 font-semibold">Why we set it</th>
            <th scope="col" className="px-4 py-3 font-semibold">Type</th>
            <th scope="col" className="px-4 py-3 font-semibold">Lasts</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-200 text-ink-700">
          {cookies.map(([, cookie]) => (
            <tr key={cookie.name}>
              <th scope="row" className="px-4 py-3 font-mono font-medium text-ink-900">{cookie.name}</th>
              <td className="px-4 py-3">{cookie.purpose}</td>
              <td className="px-4 py-3">{cookie.category}</td>
              <td className="px-4 py-3">{cookie.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}
