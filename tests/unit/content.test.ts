import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { expect, test, vi } from 'vitest'

import { copyOfContent, loadContentModule } from './content-fixture'

const bundleCalls = vi.hoisted(() => ({ count: 0 }))

vi.mock('mdx-bundler', async (importOriginal) => {
  const original = await importOriginal<typeof import('mdx-bundler')>()
  return {
    ...original,
    bundleMDX: (...args: Parameters<typeof original.bundleMDX>) => {
      bundleCalls.count++
      return original.bundleMDX(...args)
    },
  }
})

test('two requests for one page compile its MDX once', async () => {
  const { getPage } = await loadContentModule()
  bundleCalls.count = 0
  const first = await getPage('about')
  const second = await getPage('about')
  expect(bundleCalls.count).toBe(1)
  expect(second).toBe(first)
})

test('simultaneous requests for one page share a single compile', async () => {
  const { getPage } = await loadContentModule()
  bundleCalls.count = 0
  await Promise.all([getPage('pricing'), getPage('pricing'), getPage('pricing')])
  expect(bundleCalls.count).toBe(1)
})

test('a page without a title fails with an error naming the file and the field', async () => {
  const dir = await copyOfContent()
  await writeFile(path.join(dir, 'pages', 'about.mdx'), '---\ndescription: About us\n---\n\nHello\n')
  const { getPage } = await loadContentModule(dir)
  await expect(getPage('about')).rejects.toThrow(/pages\/about\.mdx: frontmatter\.title is required/)
})

test('an unknown frontmatter field is named, so typos do not pass silently', async () => {
  const dir = await copyOfContent()
  await writeFile(path.join(dir, 'pages', 'about.mdx'), '---\ntitle: About\ndescription: About us\nsubtitle: Oops\n---\n\nHello\n')
  const { getPage } = await loadContentModule(dir)
  await expect(getPage('about')).rejects.toThrow(/pages\/about\.mdx: frontmatter\.subtitle is not a known field/)
})

test('the home page takes no frontmatter actions, and says where its buttons go instead', async () => {
  const dir = await copyOfContent()
  const file = path.join(dir, 'pages', 'index.mdx')
  const source = await readFile(file, 'utf8')
  await writeFile(file, source.replace('layout: home\n', 'layout: home\nactions:\n  - label: Pricing\n    href: /pricing\n'))
  const { getPage } = await loadContentModule(dir)
  await expect(getPage('index')).rejects.toThrow(/pages\/index\.mdx: frontmatter\.actions is not used on the home page: put buttons in its text with <Actions>/)
})

test('a data file with a bad field names the file and the field', async () => {
  const dir = await copyOfContent()
  await writeFile(path.join(dir, 'data', 'subjects.json'), JSON.stringify([{ id: 'science', name: 'Science' }]))
  const { getData } = await loadContentModule(dir)
  await expect(getData('subjects')).rejects.toThrow(/data\/subjects\.json: \[0\]\.href is required/)
})

test('a missing page is a 404, not an error', async () => {
  const { getPage } = await loadContentModule()
  const failure = await getPage('no-such-page').catch((thrown: unknown) => thrown)
  expect(failure).toBeInstanceOf(Response)
  expect((failure as Response).status).toBe(404)
})

test('a URL longer than a file name may be, or under a page as if it were a folder, is a 404 too', async () => {
  const { getPage } = await loadContentModule()
  for (const slug of ['x'.repeat(400), 'about/team']) {
    const failure = await getPage(slug).catch((thrown: unknown) => thrown)
    expect(failure).toBeInstanceOf(Response)
    expect((failure as Response).status).toBe(404)
  }
})

test('a URL that names no page leaves nothing in the content cache, so unknown URLs cannot grow the memory', async () => {
  const { getPage } = await loadContentModule()
  await getPage('about')
  for (const slug of ['no-such-page', 'x'.repeat(400)]) await getPage(slug).catch(() => {})
  const cache = (globalThis as { __contentCache?: Map<string, unknown> }).__contentCache!
  expect([...cache.keys()].filter((key) => key.startsWith('page:'))).toEqual(['page:about'])
})

test('requests for a missing page at once each get their own 404, with a body they can read', async () => {
  const { getPage } = await loadContentModule()
  const missing = () => getPage('no-such-page').then(() => new Response('found'), (thrown: Response) => thrown)
  const failures = [...(await Promise.all([missing(), missing()])), await missing()]
  expect(failures[0]).not.toBe(failures[1])
  for (const failure of failures) expect(await failure.text()).toBe('Not Found')
})

// Compiling every page takes about 2 s alone and more than 5 s beside the other test files.
const EVERY_PAGE_TIMEOUT_MS = 30_000

test('every page under content/pages builds and every data file parses', async () => {
  const { getData, getPage, listDataNames, listPageSlugs } = await loadContentModule()
  for (const name of listDataNames()) await expect(getData(name)).resolves.toBeTruthy()
  const slugs = await listPageSlugs()
  expect(slugs.length).toBeGreaterThan(25)
  for (const slug of slugs) {
    const page = await getPage(slug)
    expect(page.frontmatter.title, slug).not.toBe('')
    expect(page.html, slug).not.toBe('')
  }
}, EVERY_PAGE_TIMEOUT_MS)

test('site facts reach the page from app/site.ts, never retyped', async () => {
  const { getPage } = await loadContentModule()
  const about = await getPage('about')
  expect(about.html).toContain('500+')
  expect(about.html).toContain('10,000+')
  expect(about.html).toContain('4.9/5')
})

test('in development a content error is shown as its file and field problems; any other error is not', async () => {
  const { contentProblems } = await import('~/components/error-pages')
  const message = 'content/pages/about.mdx: frontmatter.title is required\ncontent/pages/about.mdx: frontmatter.colour is not a known field'
  expect(contentProblems(new Error(message))).toEqual([
    'content/pages/about.mdx: frontmatter.title is required',
    'content/pages/about.mdx: frontmatter.colour is not a known field',
  ])
  expect(contentProblems(new Error('content/data/pricing.json: not valid JSON (Unexpected token)'))).toHaveLength(1)
  // What production sends instead of any error's message: the page then shows no detail.
  expect(contentProblems(new Error('Unexpected Server Error'))).toBeNull()
  expect(contentProblems('content/pages/about.mdx: frontmatter.title is required')).toBeNull()
})
