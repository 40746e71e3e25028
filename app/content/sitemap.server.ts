// The sitemap's entries: every public page, from what describes it (issue 31). Each MDX page at its
// address, each catalogue tutor's profile; never a page of NOT_INDEXED_PATHS (site.ts). `lastmod`
// is when the newest of the files the page is made from last changed: its MDX, the data files its
// body shows (an FAQ page changes with faqs.json), and those its route shows beside it.
import { dataFiles, getData, type DataName } from '~/content/data.server'
import { lastChangedOf } from '~/content/last-changed.server'
import { listPageSlugs, pageFile, pageSources, pathForSlug } from '~/content/pages.server'
import { isIndexedPath } from '~/site'

export type SitemapEntry = { path: string; lastModified: string | null }

// The tutor catalogue (tutors/catalogue.server.ts): the tutors, and the classes each teaches.
const CATALOGUE: DataName[] = ['tutors', 'classes']

// What a page's own loader shows beside its MDX body: the featured tutors, the timetable, the search.
const ROUTE_DATA: Record<string, DataName[]> = { '/': CATALOGUE, '/classes': ['classes'], '/tutors/find': CATALOGUE }

const filesOf = (names: readonly DataName[]) => names.flatMap(dataFiles)

/** The files a page is made from; the MDX alone for one that does not build (its own request says why). */
async function sourcesOf(slug: string) {
  try {
    return await pageSources(slug)
  } catch (error) {
    console.error(`sitemap: ${pageFile(slug)} does not build, so its lastmod is the file's own`, error)
    return [pageFile(slug)]
  }
}

export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const pages = (await listPageSlugs()).map((slug) => ({ path: pathForSlug(slug), slug })).filter((page) => isIndexedPath(page.path))
  const profilesChanged = lastChangedOf(filesOf(CATALOGUE))
  const profiles = (await getData('tutors')).map(async (tutor) => ({ path: `/tutors/${tutor.id}`, lastModified: await profilesChanged }))
  const pageEntries = pages.map(async ({ path, slug }) => ({ path, lastModified: await lastChangedOf([...(await sourcesOf(slug)), ...filesOf(ROUTE_DATA[path] ?? [])]) }))
  return Promise.all([...pageEntries, ...profiles])
}
