// The only module that reads content/. Each MDX page is validated, compiled by
// mdx-bundler and rendered to HTML once per process, then served from memory.
// In development a page is rebuilt only when its file (or a data file) changed.
import { readFile, readdir, stat } from 'node:fs/promises'
import path from 'node:path'

import matter from 'gray-matter'
import { bundleMDX } from 'mdx-bundler'
import { getMDXComponent } from 'mdx-bundler/client/index.js'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import remarkGfm from 'remark-gfm'
import type { z } from 'zod'

import {
  ClassesFile,
  CurriculaFile,
  describeIssues,
  FaqsFile,
  PageFrontmatter,
  PricingFile,
  StepsFile,
  SubjectsFile,
  TestimonialsFile,
  TutorRequirementsFile,
  TutorsFile,
} from '~/content-schema'
import { ContentDataProvider, type ContentData } from '~/content-data'
import { buildFacts, fillFactTokens } from '~/facts'
import { mdxComponents } from '~/mdx-components'

export type Page = {
  slug: string
  frontmatter: PageFrontmatter
  html: string
}

export class ContentError extends Error {
  name = 'ContentError'
}

const contentRoot = path.resolve(process.env.CONTENT_DIR ?? 'content')
const isDevelopment = process.env.NODE_ENV === 'development'

// Paths are shown relative to the project so messages read `content/pages/about.mdx: …`.
function displayPath(file: string) {
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

type DataName = keyof typeof DATA_FILES
type DataOf<Name extends DataName> = z.infer<(typeof DATA_FILES)[Name]['schema']>

type CacheEntry<T> = { version: string; value: Promise<T> }

// Kept on globalThis so `remix dev` rebuilds do not throw the cache away.
const caches = ((globalThis as { __contentCache?: Map<string, CacheEntry<unknown>> }).__contentCache ??=
  new Map())

async function fileVersion(files: string[]) {
  if (!isDevelopment) return 'static'
  const times = await Promise.all(files.map((file) => stat(file).then((s) => s.mtimeMs, () => 0)))
  return times.join(':')
}

async function cached<T>(key: string, files: string[], load: () => Promise<T>): Promise<T> {
  const version = await fileVersion(files)
  const entry = caches.get(key) as CacheEntry<T> | undefined
  if (entry && entry.version === version) return entry.value
  const value = load()
  caches.set(key, { version, value })
  return value
}

async function parseJsonFile<T>(file: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>): Promise<T> {
  const text = await readFile(file, 'utf8')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ContentError(`${displayPath(file)}: not valid JSON (${(error as Error).message})`)
  }
  const result = schema.safeParse(json)
  if (!result.success) {
    throw new ContentError(`${displayPath(file)}: ${describeIssues(result.error, '').join('; ')}`)
  }
  return result.data
}

function dataPath(name: DataName) {
  return path.join(contentRoot, DATA_FILES[name].file)
}

// Fact tokens in data files may name pack figures, so every text file depends on pricing.json;
// the timetable also depends on the tutors and subjects its classes name.
export function getData<Name extends DataName>(name: Name): Promise<DataOf<Name>> {
  const dependencies: DataName[] = name === 'pricing' ? [] : name === 'classes' ? ['pricing', 'tutors', 'subjects'] : ['pricing']
  const files = [name, ...dependencies].map(dataPath)
  return cached(`data:${name}`, files, () => loadDataFile(name))
}

async function loadDataFile<Name extends DataName>(name: Name): Promise<DataOf<Name>> {
  const file = dataPath(name)
  const parsed = await parseJsonFile(file, DATA_FILES[name].schema as z.ZodType<DataOf<Name>, z.ZodTypeDef, unknown>)
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

// What MDX pages may show. The tutor catalogue is not among them, so a broken
// catalogue fails the search and profiles, not every page of the site.
const PAGE_DATA_NAMES = ['subjects', 'curricula', 'pricing', 'steps', 'faqs', 'testimonials', 'tutorRequirements'] as const
type PageDataName = (typeof PAGE_DATA_NAMES)[number]

const dataFilePaths = PAGE_DATA_NAMES.map(dataPath)

async function getContentData(): Promise<ContentData> {
  const entries = await Promise.all(PAGE_DATA_NAMES.map(async (name) => [name, await getData(name)] as const))
  const data = Object.fromEntries(entries) as { [Name in PageDataName]: DataOf<Name> }
  return { ...data, facts: buildFacts(data.pricing) }
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/

/** `/` is `index`; `/services/how-booking-works` is `services/how-booking-works`. */
export function slugForPath(pathname: string) {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '')
  return trimmed === '' ? 'index' : trimmed
}

function pageFile(slug: string) {
  return path.join(contentRoot, 'pages', `${slug}.mdx`)
}

export async function getPage(slug: string): Promise<Page> {
  if (!SLUG_PATTERN.test(slug)) throw new Response('Not Found', { status: 404 })
  const file = pageFile(slug)
  return cached(`page:${slug}`, [file, ...dataFilePaths], () => buildPage(slug, file))
}

async function readSource(file: string) {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Response('Not Found', { status: 404 })
    }
    throw error
  }
}

export function parseFrontmatter(file: string, source: string) {
  const { data, content } = matter(source)
  const result = PageFrontmatter.safeParse(data)
  if (!result.success) {
    const problems = describeIssues(result.error, 'frontmatter')
    throw new ContentError(problems.map((problem) => `${displayPath(file)}: ${problem}`).join('\n'))
  }
  return { frontmatter: result.data, body: content }
}

async function buildPage(slug: string, file: string): Promise<Page> {
  const source = await readSource(file)
  const { frontmatter, body } = parseFrontmatter(file, source)
  const started = performance.now()
  const { code } = await bundleMDX({
    source: body,
    cwd: path.dirname(file),
    mdxOptions(options) {
      options.remarkPlugins = [...(options.remarkPlugins ?? []), remarkGfm]
      return options
    },
  }).catch((error: Error) => {
    throw new ContentError(`${displayPath(file)}: MDX does not compile: ${error.message}`)
  })
  const html = renderBody(file, code, await getContentData())
  console.info(`content: compiled ${displayPath(file)} in ${Math.round(performance.now() - started)} ms`)
  return { slug, frontmatter, html }
}

function renderBody(file: string, code: string, data: ContentData) {
  const Body = getMDXComponent(code)
  try {
    return renderToStaticMarkup(
      createElement(ContentDataProvider, { value: data }, createElement(Body, { components: mdxComponents })),
    )
  } catch (error) {
    throw new ContentError(`${displayPath(file)}: ${(error as Error).message}`)
  }
}

/** Every page under content/pages, as slugs: for checks and the test suite. */
export async function listPageSlugs(): Promise<string[]> {
  const pagesDir = path.join(contentRoot, 'pages')
  const entries = await readdir(pagesDir, { recursive: true })
  return entries
    .filter((entry) => entry.endsWith('.mdx'))
    .map((entry) => entry.slice(0, -'.mdx'.length).split(path.sep).join('/'))
    .sort()
}

export function listDataNames(): DataName[] {
  return Object.keys(DATA_FILES) as DataName[]
}
