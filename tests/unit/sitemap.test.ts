// The sitemap's `lastmod` (content/sitemap.server.ts): when the newest file a page is made from last
// changed. A copy of content/ outside git, so each file's own time is what tells.
import { readdir, utimes } from 'node:fs/promises'
import path from 'node:path'

import { expect, test } from 'vitest'

import { copyOfContent, loadContentModule } from './content-fixture'

const JANUARY = new Date('2026-01-05T09:00:00.000Z')
const MARCH = new Date('2026-03-09T09:00:00.000Z')
const MAY = new Date('2026-05-11T09:00:00.000Z')
const JULY = new Date('2026-07-13T09:00:00.000Z')

async function lastModifiedByPath(dir: string) {
  await loadContentModule(dir)
  const { sitemapEntries } = await import('~/content/sitemap.server')
  return Object.fromEntries((await sitemapEntries()).map((entry) => [entry.path, entry.lastModified]))
}

test('a page changes when a data file it shows changes, and only then', { timeout: 30_000 }, async () => {
  const dir = await copyOfContent()
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
  await Promise.all(files.map((entry) => utimes(path.join(entry.parentPath, entry.name), JANUARY, JANUARY)))

  // The FAQ page shows faqs.json; the login page shows no data file.
  await utimes(path.join(dir, 'data/faqs.json'), MARCH, MARCH)
  let changed = await lastModifiedByPath(dir)
  expect(changed['/students/faqs']).toBe(MARCH.toISOString())
  expect(changed['/login']).toBe(JANUARY.toISOString())
  expect(changed['/privacy']).toBe(JANUARY.toISOString())
  expect(changed['/tutors/amelia-hart']).toBe(JANUARY.toISOString())

  // A price is a fact the terms show, and the FAQs' answers name; the privacy notice's facts are other
  // facts. The timetable, the profiles, the search and the home page's featured tutors show the classes.
  await utimes(path.join(dir, 'data/pricing.json'), MAY, MAY)
  await utimes(path.join(dir, 'data/classes.json'), JULY, JULY)
  changed = await lastModifiedByPath(dir)
  expect(changed['/terms']).toBe(MAY.toISOString())
  expect(changed['/students/faqs']).toBe(MAY.toISOString())
  for (const shown of ['/classes', '/tutors/amelia-hart', '/tutors/find', '/']) expect(changed[shown], shown).toBe(JULY.toISOString())
  expect(changed['/privacy']).toBe(JANUARY.toISOString())
  expect(changed['/login']).toBe(JANUARY.toISOString())
})
