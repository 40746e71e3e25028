// The sitemap's entries: every public page, from what describes it (issue 31). Each MDX page at its
// address, each catalogue tutor's profile; never a page of NOT_INDEXED_PATHS (site.ts). `lastmod`
// is when the newest of the files the page is made from last changed: its MDX and the data files it
// shows (an FAQ page changes with faqs.json), or, for a profile, the tutors and their classes.
import { dataFiles, getData } from '~/content/data.server'
import { lastChangedOf } from '~/content/last-changed.server'
import { listPageSlugs, pageSources, pathForSlug } from '~/content/pages.server'
import { isIndexedPath } from '~/site'

export type SitemapEntry = { path: string; lastModified: string | null }

export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const pages = (await listPageSlugs()).map((slug) => ({ path: pathForSlug(slug), slug })).filter((page) => isIndexedPath(page.path))
  const profileSources = [...new Set([...dataFiles('tutors'), ...dataFiles('classes')])]
  const profilesChanged = lastChangedOf(profileSources)
  const tutors = (await getData('tutors')).map(async (tutor) => ({ path: `/tutors/${tutor.id}`, lastModified: await profilesChanged }))
  return Promise.all([...pages.map(async ({ path, slug }) => ({ path, lastModified: await lastChangedOf(await pageSources(slug)) })), ...tutors])
}
