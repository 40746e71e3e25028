// The sitemap's entries: every public page, from what describes it (issue 31). Each MDX page at its
// address, each catalogue tutor's profile; never a page of NOT_INDEXED_PATHS (site.ts). `lastmod`
// is when the file the page is made from last changed.
import { dataPath, getData } from '~/content/data.server'
import { lastChanged } from '~/content/last-changed.server'
import { listPageSlugs, pageFile, pathForSlug } from '~/content/pages.server'
import { isIndexedPath } from '~/site'

export type SitemapEntry = { path: string; lastModified: string | null }

export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const pages = (await listPageSlugs()).map((slug) => ({ path: pathForSlug(slug), file: pageFile(slug) })).filter((page) => isIndexedPath(page.path))
  const tutorsFile = dataPath('tutors')
  const tutors = (await getData('tutors')).map((tutor) => ({ path: `/tutors/${tutor.id}`, file: tutorsFile }))
  return Promise.all([...pages, ...tutors].map(async ({ path, file }) => ({ path, lastModified: await lastChanged(file) })))
}
