// Schemas for everything under content/: page frontmatter and the data files.
// No .server suffix: components import the inferred types.
import { z } from 'zod'

import { WEEKDAYS } from '~/london-time'
import { RULES } from '~/site'
import { TUTOR_LEVELS, TUTOR_MODES, TUTOR_SUBJECTS } from '~/tutors/options'

const InternalHref = z
  .string()
  .regex(/^\/[^/]/, 'must be a site path starting with "/"')
  .or(z.literal('/'))

export const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words and digits joined by hyphens')

export const LinkItem = z.object({ label: z.string().min(1), href: InternalHref }).strict()

export const Action = z
  .object({
    label: z.string().min(1),
    href: InternalHref,
    variant: z.enum(['primary', 'secondary']).default('primary'),
  })
  .strict()

const BaseFrontmatter = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  heading: z.string().min(1).optional(),
  eyebrow: z.string().min(1).optional(),
  lead: z.string().min(1).optional(),
  // Parents between Home and this page; the page itself closes the trail.
  breadcrumbs: z.array(LinkItem).optional(),
  actions: z.array(Action).default([]),
})

const HomeFrontmatter = BaseFrontmatter.extend({
  layout: z.literal('home'),
  // The home page's buttons are its hero's primaryAction, its closing actions and any <Actions>
  // in its text; it has no heading for these to sit under.
  actions: z
    .array(Action)
    .max(0, 'is not used on the home page: put buttons in its text with <Actions>')
    .default([]),
  hero: z
    .object({
      title: z.string().min(1),
      highlight: z.string().min(1),
      lead: z.string().min(1),
      primaryAction: Action,
    })
    .strict(),
  featuredTutors: z.object({ title: z.string().min(1), lead: z.string().min(1) }).strict(),
  closing: z
    .object({
      title: z.string().min(1),
      lead: z.string().min(1),
      points: z.array(z.string().min(1)).min(1),
      actions: z.array(Action).min(1),
    })
    .strict(),
}).strict()

const StandardFrontmatter = BaseFrontmatter.extend({
  layout: z.enum(['marketing', 'prose', 'subject']).default('prose'),
}).strict()

export const PageFrontmatter = z.union([HomeFrontmatter, StandardFrontmatter])

export type PageFrontmatter = z.infer<typeof PageFrontmatter>
export type HomeFrontmatter = z.infer<typeof HomeFrontmatter>
export type Action = z.infer<typeof Action>
export type LinkItem = z.infer<typeof LinkItem>

export const SubjectRecord = z
  .object({
    id: Slug,
    name: z.string().min(1),
    href: InternalHref,
    summary: z.string().min(1),
    topics: z.array(z.string().min(1)).min(1),
    onHomePage: z.boolean(),
  })
  .strict()

export const SubjectsFile = z.array(SubjectRecord).min(1)
export type SubjectRecord = z.infer<typeof SubjectRecord>

export const PricingPlan = z
  .object({
    id: Slug,
    name: z.string().min(1),
    // null: the plan is free.
    pricePerHour: z.number().int().nonnegative().nullable(),
    priceNote: z.string().min(1),
    summary: z.string().min(1),
    features: z.array(z.string().min(1)).min(1),
    highlighted: z.boolean().default(false),
    action: Action,
  })
  .strict()

export const LessonPack = z
  .object({
    lessons: z.number().int().positive(),
    savingPercent: z.number().int().min(1).max(99),
  })
  .strict()

export const PricingFile = z
  .object({
    plans: z.array(PricingPlan).min(1),
    packs: z.array(LessonPack).min(1),
    // One validity period for every pack, so the terms can state a single figure (issue 8).
    packValidMonths: z.number().int().positive(),
  })
  .strict()
export type PricingPlan = z.infer<typeof PricingPlan>
export type LessonPack = z.infer<typeof LessonPack>
export type PricingFile = z.infer<typeof PricingFile>

const Step = z.object({ title: z.string().min(1), text: z.string().min(1) }).strict()
const StepList = z.array(Step).min(1)

// Each named process the site describes, in order; `<ProcessSteps list="booking" />` shows one.
export const StepsFile = z
  .object({ howItWorks: StepList, booking: StepList, join: StepList, vetting: StepList, application: StepList })
  .strict()
export type Step = z.infer<typeof Step>
export type StepsFile = z.infer<typeof StepsFile>
export type StepListName = keyof StepsFile

const Faq = z.object({ question: z.string().min(1), answer: z.string().min(1) }).strict()

export const FaqsFile = z.object({ students: z.array(Faq).min(1), pricing: z.array(Faq).min(1) }).strict()
export type Faq = z.infer<typeof Faq>
export type FaqsFile = z.infer<typeof FaqsFile>

const Testimonial = z.object({ quote: z.string().min(1), name: z.string().min(1), role: z.string().min(1) }).strict()

export const TestimonialsFile = z
  .object({ tutors: z.array(Testimonial).min(1), families: z.array(Testimonial).min(1) })
  .strict()
export type Testimonial = z.infer<typeof Testimonial>
export type TestimonialsFile = z.infer<typeof TestimonialsFile>

export const TutorRequirementsFile = z.array(Step).min(1)

export const CurriculaFile = z
  .array(
    z
      .object({
        id: Slug,
        name: z.string().min(1),
        summary: z.string().min(1),
        qualifications: z.array(z.string().min(1)).min(1),
      })
      .strict(),
  )
  .min(1)
export type Curriculum = z.infer<typeof CurriculaFile>[number]

// Tutors (spec §3): one record per tutor in content/tutors/tutors.json.
const SlotTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time like "16:00"')

export const TutorRecord = z
  .object({
    id: Slug,
    name: z.string().min(1),
    subject: z.enum(TUTOR_SUBJECTS),
    levels: z.array(z.enum(TUTOR_LEVELS)).min(1),
    rating: z.number().min(RULES.tutorRating.min).max(RULES.tutorRating.max),
    experienceYears: z.number().int().min(RULES.tutorMinYearsExperience),
    studentsTaught: z.number().int().nonnegative(),
    mode: z.enum(TUTOR_MODES),
    location: z.string().min(1),
    specialties: z.array(z.string().min(1)).min(2),
    pricePerHour: z.number().int().min(RULES.tutorPricePerHour.min).max(RULES.tutorPricePerHour.max),
    verified: z.boolean(),
    online: z.boolean(),
    featured: z.boolean().default(false),
    bio: z.string().min(1),
    qualifications: z.array(z.string().min(1)).min(1),
    avatar: z.string().regex(/^\/avatars\/[a-z0-9-]+\.svg$/, 'must be a file in public/avatars'),
    // Weekly one-hour slots, in Europe/London wall-clock time.
    availability: z
      .array(z.object({ day: z.enum(WEEKDAYS), times: z.array(SlotTime).min(1) }).strict())
      .min(1),
  })
  .strict()

export const TutorsFile = z.array(TutorRecord).min(1)

export type Tutor = z.infer<typeof TutorRecord>

// Classes (issue: free open classes): one record per weekly class in content/data/classes.json.
export const CLASS_KINDS = ['free', 'paid'] as const

export const ClassRecord = z
  .object({
    id: Slug,
    title: z.string().min(1),
    summary: z.string().min(1),
    // An id from content/data/subjects.json, checked when the timetable loads.
    subject: Slug,
    level: z.enum(TUTOR_LEVELS),
    // An id from content/tutors/tutors.json, checked when the timetable loads.
    tutorId: Slug,
    day: z.enum(WEEKDAYS),
    time: SlotTime,
    durationMinutes: z.number().int().min(30).max(180),
    kind: z.enum(CLASS_KINDS),
    capacity: z.number().int().min(1).max(40),
  })
  .strict()
  .refine((record) => record.kind === 'free' || (RULES.groupSizes as readonly number[]).includes(record.capacity), {
    message: `a paid small group takes ${RULES.groupSizes.join(' or ')} students`,
    path: ['capacity'],
  })

export const ClassesFile = z.array(ClassRecord).min(1)

export type ClassRecord = z.infer<typeof ClassRecord>

/**
 * Turns a schema failure into lines like `frontmatter.title is required`,
 * so an editor sees which field of which file to fix.
 */
export function describeIssues(error: z.ZodError, root: string): string[] {
  return error.issues.flatMap((issue) => describeIssue(issue, root))
}

function describeIssue(issue: z.ZodIssue, root: string): string[] {
  const field = [root, ...issue.path].reduce<string>(
    (name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    '',
  )
  switch (issue.code) {
    case 'invalid_type':
      return [issue.received === 'undefined' ? `${field} is required` : `${field} must be ${issue.expected}, not ${issue.received}`]
    case 'unrecognized_keys':
      return issue.keys.map((key) => `${field ? `${field}.` : ''}${key} is not a known field`)
    case 'invalid_enum_value':
      return [`${field} must be one of: ${issue.options.join(', ')}`]
    case 'too_small':
      return [issue.type === 'string' ? `${field} must not be empty` : `${field} ${issue.message.toLowerCase()}`]
    case 'invalid_union':
      return describeUnion(issue, root)
    default:
      return [`${field} ${issue.message}`]
  }
}

// A union failure reports every branch; the branch with the fewest complaints
// is the one the author meant.
function describeUnion(issue: z.ZodInvalidUnionIssue, root: string): string[] {
  const candidates = issue.unionErrors.map((unionError) => describeIssues(unionError, root))
  return candidates.reduce((best, next) => (next.length < best.length ? next : best))
}
