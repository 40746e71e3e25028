// The data files under content/ (subjects, pricing, tutors, classes…): each is read,
// validated and has its fact tokens filled once per process, then served from memory.
// In development a file is read again only when it (or a file it depends on) changed.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

import * as v from 'valibot'

import {
  ClassesFile,
  CurriculaFile,
  describeIssues,
  FaqsFile,
  PricingFile,
  StepsFile,
  SubjectsFile,
  TestimonialsFile,
  TutorRequirementsFile,
  TutorsFile,
} from '~/content/schema'
import { buildFacts, fillFactTokens } from '~/content/facts'

export class ContentError extends Error {
  name = 'ContentError'
}

export const contentRoot = path.resolve(process.env.CONTENT_DIR ?? 'content')
const isDevelopment = process.env.NODE_ENV === 'development'

// Paths are shown relative to the project so messages read `content/pages/about.mdx: …`.
export function displayPath(file: string) {
  return path.relative(process.cwd(), file) || file
}

const DATA_FILES = {
  subjects: { file: 'data/subjects.json', schema: SubjectsFile },
  curricula: { file: 'data/curricula.json', schema: CurriculaFile },
  pricing: { file: 'data/pricing.json', schema: PricingFile },
  steps: { file: 'data/steps.json', schema: StepsFile },
  faqs: { file: 'data/faqs.json', schema: FaqsFile },
  testimonials: { file: 'data/testimonials.json', schema: TestimonialsFile },
  tutorRequirements: { file: 'data/tutor-requirements.json', schema: TutorRequirementsFile },
  tutors: { file: 'tutors/tutors.json', schema: TutorsFile },
  classes: { file: 'data/classes.json', schema: ClassesFile },
} as const

export type DataName = keyof typeof DATA_FILES
export type DataOf<Name extends DataName> = v.InferOutput<(typeof DATA_FILES)[Name]['schema']>

type CacheEntry<T> = { version: string; value: Promise<T> }

// Entries hold promises, so simultaneous requests share one load. Kept on globalThis so `remix dev` rebuilds do not throw the cache away.
const caches = ((globalThis as { __contentCache?: Map<string, CacheEntry<unknown>> }).__contentCache ??=
  new Map())

async function fileVersion(files: string[]) {
  if (!isDevelopment) return 'static'
  const times = await Promise.all(files.map((file) => stat(file).then((s) => s.mtimeMs, () => 0)))
  return times.join(':')
}

export async function cached<T>(key: string, files: string[], load: () => Promise<T>): Promise<T> {
  const version = await fileVersion(files)
  const entry = caches.get(key) as CacheEntry<T> | undefined
  if (entry && entry.version === version) return entry.value
  const value = load()
  caches.set(key, { version, value })
  // A failure is not kept, so a passing one (a file that could not be read) ends with it.
  value.catch(() => {
    if (caches.get(key)?.value === value) caches.delete(key)
  })
  return value
}

async function parseJsonFile<T>(file: string, schema: v.GenericSchema<unknown, T>): Promise<T> {
  const text = await readFile(file, 'utf8')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ContentError(`${displayPath(file)}: not valid JSON (${(error as Error).message})`)
  }
  const result = v.safeParse(schema, json)
  if (!result.success) {
    throw new ContentError(`${displayPath(file)}: ${describeIssues(result.issues, '').join('; ')}`)
  }
  return result.output
}

export function dataPath(name: DataName) {
  return path.join(contentRoot, DATA_FILES[name].file)
}

/**
 * The files a data file's contents are made from: fact tokens in data files may name pack figures, so
 * every text file depends on pricing.json; the timetable also on the tutors and subjects its classes name.
 */
export function dataFiles(name: DataName) {
  const dependencies: DataName[] = name === 'pricing' ? [] : name === 'classes' ? ['pricing', 'tutors', 'subjects'] : ['pricing']
  return [name, ...dependencies].map(dataPath)
}

export function getData<Name extends DataName>(name: Name): Promise<DataOf<Name>> {
  return cached(`data:${name}`, dataFiles(name), () => loadDataFile(name))
}

async function loadDataFile<Name extends DataName>(name: Name): Promise<DataOf<Name>> {
  const file = dataPath(name)
  const parsed = await parseJsonFile(file, DATA_FILES[name].schema as v.GenericSchema<unknown, DataOf<Name>>)
  if (name === 'tutors') return parsed
  if (name === 'classes') await checkClassReferences(file, parsed as DataOf<'classes'>)
  const pricing = name === 'pricing' ? (parsed as PricingFile) : await getData('pricing')
  const { value, unknown } = fillFactTokens(parsed, buildFacts(pricing))
  if (unknown.length > 0) throw new ContentError(unknown.map((problem) => `${displayPath(file)}: ${problem}`).join('\n'))
  return value
}

/** The pricing plan of a paid small group of `size` students. */
export function smallGroupPlanId(size: number) {
  return `group-of-${size}`
}

// A class names its tutor and subject by id; a typo there must fail the check, not the timetable.
async function checkClassReferences(file: string, classes: DataOf<'classes'>) {
  const [tutors, subjects, pricing] = await Promise.all([getData('tutors'), getData('subjects'), getData('pricing')])
  const problems = classes.flatMap((record, index) => [
    ...(classes.findIndex((other) => other.id === record.id) === index ? [] : [`[${index}].id "${record.id}" is used twice`]),
    ...(tutors.some((tutor) => tutor.id === record.tutorId) ? [] : [`[${index}].tutorId "${record.tutorId}" is not a tutor in ${DATA_FILES.tutors.file}`]),
    ...(subjects.some((subject) => subject.id === record.subject) ? [] : [`[${index}].subject "${record.subject}" is not a subject in ${DATA_FILES.subjects.file}`]),
    ...(record.kind === 'free' || pricing.plans.some((plan) => plan.id === smallGroupPlanId(record.capacity))
      ? []
      : [`[${index}].capacity: ${DATA_FILES.pricing.file} has no plan "${smallGroupPlanId(record.capacity)}" to price it`]),
  ])
  if (problems.length > 0) throw new ContentError(problems.map((problem) => `${displayPath(file)}: ${problem}`).join('\n'))
}

export function listDataNames(): DataName[] {
  return Object.keys(DATA_FILES) as DataName[]
}
