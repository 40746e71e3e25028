// Schemas for everything under content/: page frontmatter and the data files, in valibot like
// the forms' (decision 003). No .server suffix: components import the inferred types.
import * as v from 'valibot'

import { TUTOR_LEVELS, TUTOR_MODES, TUTOR_SUBJECTS } from '~/content/tutor-vocabulary'
import { WEEKDAYS } from '~/london-time'
import { RULES } from '~/site'

const Text = v.pipe(v.string(), v.minLength(1, 'must not be empty'))

/** A list of at least `min` entries. */
const ListOf = <Item extends v.GenericSchema>(item: Item, min = 1) =>
  v.pipe(v.array(item), v.minLength(min, `must have at least ${min} ${min === 1 ? 'entry' : 'entries'}`))

const WholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${max}`))

const Between = (min: number, max: number) => v.pipe(v.number(), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${max}`))

const InternalHref = v.pipe(v.string(), v.regex(/^\/(?:[^/]|$)/, 'must be a site path starting with "/"'))

export const Slug = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words and digits joined by hyphens'))

export const LinkItem = v.strictObject({ label: Text, href: InternalHref })

export const Action = v.strictObject({
  label: Text,
  href: InternalHref,
  variant: v.optional(v.picklist(['primary', 'secondary']), 'primary'),
})

// A hand-made share card instead of the drawn one: a 1200×630 PNG in public/share, which the page's
// build checks (share-image.server.ts), and its alternative text.
const ShareImage = v.strictObject({
  src: v.pipe(v.string(), v.maxLength(100, 'must be at most 100 characters'), v.regex(/^\/share\/[a-z0-9]+(?:-[a-z0-9]+)*\.png$/, 'must be a PNG in public/share, e.g. /share/pricing.png')),
  alt: Text,
})

const BaseFrontmatter = {
  title: Text,
  description: Text,
  heading: v.optional(Text),
  eyebrow: v.optional(Text),
  lead: v.optional(Text),
  // Parents between Home and this page; the page itself closes the trail.
  breadcrumbs: v.optional(v.array(LinkItem)),
  // What a shared link shows (its card and Open Graph tags), when it should differ from the title and lead.
  share: v.optional(v.strictObject({ title: v.optional(Text), description: v.optional(Text), image: v.optional(ShareImage) })),
  actions: v.optional(v.array(Action), []),
}

const HomeFrontmatter = v.strictObject({
  ...BaseFrontmatter,
  layout: v.literal('home'),
  // The home page's buttons are its hero's primaryAction, its closing actions and any <Actions>
  // in its text; it has no heading for these to sit under.
  actions: v.optional(v.pipe(v.array(Action), v.maxLength(0, 'is not used on the home page: put buttons in its text with <Actions>')), []),
  hero: v.strictObject({ title: Text, highlight: Text, lead: Text, primaryAction: Action }),
  featuredTutors: v.strictObject({ title: Text, lead: Text }),
  closing: v.strictObject({ title: Text, lead: Text, points: ListOf(Text), actions: ListOf(Action) }),
})

const StandardFrontmatter = v.strictObject({
  ...BaseFrontmatter,
  layout: v.optional(v.picklist(['marketing', 'prose', 'subject']), 'prose'),
})

// The layout decides which fields a page has, so a page is checked against its own layout's only.
export const PageFrontmatter = v.variant('layout', [HomeFrontmatter, StandardFrontmatter])

export type PageFrontmatter = v.InferOutput<typeof PageFrontmatter>
export type HomeFrontmatter = v.InferOutput<typeof HomeFrontmatter>
export type Action = v.InferOutput<typeof Action>
export type LinkItem = v.InferOutput<typeof LinkItem>

export const SubjectRecord = v.strictObject({
  id: Slug,
  name: Text,
  href: InternalHref,
  summary: Text,
  topics: ListOf(Text),
  onHomePage: v.boolean(),
})

export const SubjectsFile = ListOf(SubjectRecord)
export type SubjectRecord = v.InferOutput<typeof SubjectRecord>

export const PricingPlan = v.strictObject({
  id: Slug,
  name: Text,
  // null: the plan is free.
  pricePerHour: v.nullable(WholeNumber(0)),
  // Words before the amount ("from") and after it ("per hour"); a free plan's note follows "Free, ".
  pricePrefix: v.optional(Text),
  priceNote: Text,
  summary: Text,
  features: ListOf(Text),
  highlighted: v.optional(v.boolean(), false),
  action: Action,
})

export const LessonPack = v.strictObject({ lessons: WholeNumber(1), savingPercent: WholeNumber(1, 99) })

export const PricingFile = v.strictObject({
  plans: ListOf(PricingPlan),
  packs: ListOf(LessonPack),
  // One validity period for every pack, so the terms can state a single figure (issue 8).
  packValidMonths: WholeNumber(1),
})
export type PricingPlan = v.InferOutput<typeof PricingPlan>
export type LessonPack = v.InferOutput<typeof LessonPack>
export type PricingFile = v.InferOutput<typeof PricingFile>

// A step may send the reader where they take it (`link`), as the join steps' profile does.
const Step = v.strictObject({ title: Text, text: Text, link: v.optional(LinkItem) })
const StepList = ListOf(Step)

// Each named process the site describes, in order; `<ProcessSteps list="booking" />` shows one.
export const StepsFile = v.strictObject({ howItWorks: StepList, booking: StepList, join: StepList, vetting: StepList, application: StepList })
export type Step = v.InferOutput<typeof Step>
export type StepsFile = v.InferOutput<typeof StepsFile>
export type StepListName = keyof StepsFile

const Faq = v.strictObject({ question: Text, answer: Text })

export const FaqsFile = v.strictObject({ students: ListOf(Faq), pricing: ListOf(Faq) })
export type Faq = v.InferOutput<typeof Faq>
export type FaqsFile = v.InferOutput<typeof FaqsFile>

const Testimonial = v.strictObject({ quote: Text, name: Text, role: Text })

export const TestimonialsFile = v.strictObject({ tutors: ListOf(Testimonial), families: ListOf(Testimonial) })
export type Testimonial = v.InferOutput<typeof Testimonial>
export type TestimonialsFile = v.InferOutput<typeof TestimonialsFile>

export const TutorRequirementsFile = ListOf(Step)

export const CurriculaFile = ListOf(v.strictObject({ id: Slug, name: Text, summary: Text, qualifications: ListOf(Text) }))
export type Curriculum = v.InferOutput<typeof CurriculaFile>[number]

// Tutors (spec §3): one record per tutor in content/tutors/tutors.json.
const SlotTime = v.pipe(v.string(), v.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time like "16:00"'))

export const TutorRecord = v.strictObject({
  id: Slug,
  name: Text,
  subject: v.picklist(TUTOR_SUBJECTS),
  levels: ListOf(v.picklist(TUTOR_LEVELS)),
  rating: Between(RULES.tutorRating.min, RULES.tutorRating.max),
  experienceYears: WholeNumber(RULES.tutorMinYearsExperience),
  studentsTaught: WholeNumber(0),
  mode: v.picklist(TUTOR_MODES),
  location: Text,
  specialties: ListOf(Text, 2),
  pricePerHour: WholeNumber(RULES.tutorPricePerHour.min, RULES.tutorPricePerHour.max),
  verified: v.boolean(),
  featured: v.optional(v.boolean(), false),
  bio: Text,
  qualifications: ListOf(Text),
  avatar: v.pipe(v.string(), v.regex(/^\/avatars\/[a-z0-9-]+\.svg$/, 'must be a file in public/avatars')),
  // Weekly one-hour slots, in Europe/London wall-clock time.
  availability: ListOf(v.strictObject({ day: v.picklist(WEEKDAYS), times: ListOf(SlotTime) })),
})

export const TutorsFile = ListOf(TutorRecord)

export type Tutor = v.InferOutput<typeof TutorRecord>

// Classes (issue: free open classes): one record per weekly class in content/data/classes.json.
export const CLASS_KINDS = ['free', 'paid'] as const

export const ClassRecord = v.pipe(
  v.strictObject({
    id: Slug,
    title: Text,
    summary: Text,
    // An id from content/data/subjects.json, checked when the timetable loads.
    subject: Slug,
    level: v.picklist(TUTOR_LEVELS),
    // An id from content/tutors/tutors.json, checked when the timetable loads.
    tutorId: Slug,
    day: v.picklist(WEEKDAYS),
    time: SlotTime,
    durationMinutes: WholeNumber(30, 180),
    kind: v.picklist(CLASS_KINDS),
    capacity: WholeNumber(1, 40),
  }),
  v.forward(
    v.check(
      (record) => record.kind === 'free' || (RULES.groupSizes as readonly number[]).includes(record.capacity),
      `a paid small group takes ${RULES.groupSizes.join(' or ')} students`,
    ),
    ['capacity'],
  ),
)

export const ClassesFile = ListOf(ClassRecord)

export type ClassRecord = v.InferOutput<typeof ClassRecord>

type Issue = v.BaseIssue<unknown>

/** What a value is, in the words of a type: 'string', 'number', 'array', 'null'… */
const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

/**
 * Turns a schema failure into lines like `frontmatter.title is required`,
 * so an editor sees which field of which file to fix.
 */
export function describeIssues(issues: readonly Issue[], root: string): string[] {
  return issues.map((issue) => {
    const field = [root, ...(issue.path ?? []).map((item) => item.key)].reduce<string>(
      (name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)),
      '',
    )
    if (issue.received === 'undefined') return `${field} is required`
    if (issue.expected === 'never') return `${field} is not a known field`
    if (issue.type === 'picklist' || issue.type === 'variant' || issue.type === 'literal') {
      // valibot writes the allowed values as JSON strings: '"a" | "b"', or '("a" | undefined)' when optional.
      const options = [...(issue.expected ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => String(JSON.parse(match[0])))
      return `${field} must be one of: ${options.join(', ')}`
    }
    if (issue.kind === 'schema') return `${field} must be ${(issue.expected ?? '').toLowerCase()}, not ${kindOf(issue.input)}`
    return `${field} ${issue.message}`
  })
}
