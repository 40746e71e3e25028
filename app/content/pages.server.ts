// Content pages: each MDX file under content/pages is validated, compiled by mdx-bundler
// and rendered to HTML once per process, then served from memory. No MDX code travels to
// the browser. In development a page is rebuilt only when its file (or a data file) changed.
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'

import { json, type LoaderFunctionArgs, type MetaDescriptor } from '@remix-run/node'
import matter from 'gray-matter'
import { bundleMDX } from 'mdx-bundler'
import { getMDXComponent } from 'mdx-bundler/client/index.js'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import remarkGfm from 'remark-gfm'
import * as v from 'valibot'

import { cached, ContentError, contentRoot, dataFiles, dataPath, displayPath, getData, type DataOf } from '~/content/data.server'
import { ContentDataProvider, type ContentData } from '~/content/data-context'
import { buildFacts, pricingFacts } from '~/content/facts'
import { mdxComponents } from '~/content/mdx-components'
import type { StructuredThing } from '~/content/page-meta'
import { describeIssues, PageFrontmatter, type FaqsFile } from '~/content/schema'
import { shareImageProblem } from '~/content/share-image.server'
import { contentShareTags } from '~/content/share-tags.server'
import { pageStructuredData } from '~/content/structured-data.server'
import { getEnv } from '~/env.server'
import { sharedPage } from '~/http/cache-control.server'
import { hasBookingPartner } from '~/http/cookie-consent.server'
import { httpError } from '~/http/responses.server'
import { isIndexedPath } from '~/site'

export type Page = {
  slug: string
  frontmatter: PageFrontmatter
  html: string
  /** What chat apps and social networks show of it (none for a page search engines are told not to index). */
  share: MetaDescriptor[]
  /** What search engines read of the page itself: the breadcrumbs it shows and the questions it answers with `<Faqs>`. */
  structured: StructuredThing[]
}

// What MDX pages may show. The tutor catalogue is not among them, so a broken
// catalogue fails the search and profiles, not every page of the site.
const PAGE_DATA_NAMES = ['subjects', 'curricula', 'pricing', 'steps', 'faqs', 'testimonials', 'tutorRequirements'] as const
type PageDataName = (typeof PAGE_DATA_NAMES)[number]

const dataFilePaths = PAGE_DATA_NAMES.map(dataPath)

async function getContentData(): Promise<ContentData> {
  const entries = await Promise.all(PAGE_DATA_NAMES.map(async (name) => [name, await getData(name)] as const))
  const data = Object.fromEntries(entries) as { [Name in PageDataName]: DataOf<Name> }
  return { ...data, facts: buildFacts(data.pricing), hasBookingPartner: hasBookingPartner() }
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/

/**
 * `/` is `index`; `/services/how-booking-works` is `services/how-booking-works`. `/index`
 * is no page's address (the home page's is `/`), so it has no slug.
 */
export function slugForPath(pathname: string) {
  // Trimmed by index: /\/+$/ would take time in the square of a long run of slashes (issue 26).
  let start = 0
  let end = pathname.length
  while (start < end && pathname[start] === '/') start++
  while (end > start && pathname[end - 1] === '/') end--
  const trimmed = pathname.slice(start, end)
  if (trimmed === 'index') return null
  return trimmed === '' ? 'index' : trimmed
}

/** The MDX file of a page's slug. */
export function pageFile(slug: string) {
  return path.join(contentRoot, 'pages', `${slug}.mdx`)
}

const notFound = () => httpError(404, 'Not Found')

function isNotFound(failure: unknown) {
  return failure instanceof Response && failure.status === 404
}

/** A page, and the files it is made from: its MDX and the data files its body shows, with theirs. */
type BuiltPage = { page: Page; sources: string[] }

export async function getPage(slug: string): Promise<Page> {
  return (await builtPage(slug)).page
}

/** The files the page of `slug` is made from, for when it last changed. */
export async function pageSources(slug: string) {
  return (await builtPage(slug)).sources
}

async function builtPage(slug: string): Promise<BuiltPage> {
  if (!SLUG_PATTERN.test(slug)) throw notFound()
  const file = pageFile(slug)
  try {
    return await cached(`page:${slug}`, [file, ...dataFilePaths], () => buildPage(slug, file))
  } catch (failure) {
    // The cache keeps no failed load, so a URL that names no page costs no memory. Requests at
    // once share one failed load, and each gets its own 404: a Response's body can be read once.
    if (isNotFound(failure)) throw notFound()
    throw failure
  }
}

// What reading a page's file fails with when the URL names no page: no such file, a segment
// that is a file rather than a folder, or a path longer than the file system allows.
const NO_SUCH_PAGE = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG'])

/** The page's MDX; a 404 when there is no such page. */
async function readSource(file: string) {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if (NO_SUCH_PAGE.has((error as NodeJS.ErrnoException).code ?? '')) throw notFound()
    throw error
  }
}

export function parseFrontmatter(file: string, source: string) {
  const { data, content } = matter(source)
  const result = v.safeParse(PageFrontmatter, data)
  if (!result.success) {
    const problems = describeIssues(result.issues, 'frontmatter')
    throw new ContentError(problems.map((problem) => `${displayPath(file)}: ${problem}`).join('\n'))
  }
  return { frontmatter: result.output, body: content }
}

async function buildPage(slug: string, file: string): Promise<BuiltPage> {
  const source = await readSource(file)
  const { frontmatter, body } = parseFrontmatter(file, source)
  const shareImage = frontmatter.share?.image
  const imageProblem = shareImage && (await shareImageProblem(shareImage.src, path.resolve('public')))
  if (imageProblem) throw new ContentError(`${displayPath(file)}: frontmatter.share.image.src: ${imageProblem}`)
  const started = performance.now()
  const faqGroups: string[] = []
  const { code } = await bundleMDX({
    source: body,
    cwd: path.dirname(file),
    mdxOptions(options) {
      options.remarkPlugins = [...(options.remarkPlugins ?? []), remarkGfm, collectFaqGroups(faqGroups)]
      return options
    },
  }).catch((error: Error) => {
    throw new ContentError(`${displayPath(file)}: MDX does not compile: ${error.message}`)
  })
  const data = await getContentData()
  const shown = new Set<PageDataName>()
  const html = renderBody(file, code, noticingReads(data, shown))
  console.info(`content: compiled ${displayPath(file)} in ${Math.round(performance.now() - started)} ms`)
  // Rendering checked each group exists (<Faqs> names the file and field otherwise).
  const faqs = faqGroups.flatMap((group) => data.faqs[group as keyof FaqsFile])
  // Its FAQs are the page's too, as search engines read them.
  if (faqs.length > 0) shown.add('faqs')
  const { siteUrl } = getEnv()
  const pathname = pathForSlug(slug)
  const page = {
    slug,
    frontmatter,
    html,
    share: contentShareTags(siteUrl, pathname, frontmatter),
    structured: isIndexedPath(pathname) ? pageStructuredData(siteUrl, pathname, frontmatter, faqs) : [],
  }
  return { page, sources: [...new Set([file, ...[...shown].flatMap(dataFiles)])] }
}

/**
 * `data`, noting in `shown` each data file the page's body reads from it (a fact pricing.json gives
 * counts as pricing's): what the body shows is what its components read, so no second list of them
 * can fall out of step with them.
 */
function noticingReads(data: ContentData, shown: Set<PageDataName>): ContentData {
  const names: readonly string[] = PAGE_DATA_NAMES
  const fromPricing = new Set(Object.keys(pricingFacts(data.pricing)))
  const facts = new Proxy(data.facts, {
    get(target, name, receiver) {
      if (typeof name === 'string' && fromPricing.has(name)) shown.add('pricing')
      return Reflect.get(target, name, receiver) as unknown
    },
  })
  const notice = (key: string | symbol) => {
    if (typeof key === 'string' && names.includes(key)) shown.add(key as PageDataName)
  }
  return new Proxy(data, {
    get(target, key, receiver) {
      if (key === 'facts') return facts
      notice(key)
      return Reflect.get(target, key, receiver) as unknown
    },
    has(target, key) {
      notice(key)
      return Reflect.has(target, key)
    },
  })
}

type MdxNode = { type: string; name?: string | null; attributes?: Array<{ type: string; name?: string; value?: unknown }>; children?: MdxNode[] }

/** A remark plugin that notes the `group` of each `<Faqs group="…" />` in the page, in order. */
function collectFaqGroups(groups: string[]) {
  const visit = (node: MdxNode) => {
    if (node.type === 'mdxJsxFlowElement' && node.name === 'Faqs') {
      const group = node.attributes?.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'group')?.value
      if (typeof group === 'string') groups.push(group)
    }
    node.children?.forEach(visit)
  }
  return () => (tree: MdxNode) => visit(tree)
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

/** The address of a page's slug: `index` is `/`. */
export function pathForSlug(slug: string) {
  return slug === 'index' ? '/' : `/${slug}`
}

/** Every page under content/pages, as slugs: for the sitemap, checks and the test suite. */
export async function listPageSlugs(): Promise<string[]> {
  const pagesDir = path.join(contentRoot, 'pages')
  const entries = await readdir(pagesDir, { recursive: true })
  return entries
    .filter((entry) => entry.endsWith('.mdx'))
    .map((entry) => entry.slice(0, -'.mdx'.length).split(path.sep).join('/'))
    .sort()
}

/** The loader of every plain content page: the page whose MDX path mirrors the URL, or 404. The same for everyone. */
export async function loadContentPage({ request }: LoaderFunctionArgs) {
  const page = await getPage(slugForPath(new URL(request.url).pathname) ?? '')
  return json({ page }, sharedPage(request))
}

/** Whether a content page lives at this URL. */
export async function hasPage(pathname: string) {
  return getPage(slugForPath(pathname) ?? '').then(
    () => true,
    (failure: unknown) => (isNotFound(failure) ? false : Promise.reject(failure)),
  )
}
