import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { expect, test } from 'vitest'

import { copyOfContent, loadContentModule } from './content-fixture'

async function renderEveryPage(contentDir: string) {
  const { getPage, listPageSlugs } = await loadContentModule(contentDir)
  const pages = new Map<string, string>()
  for (const slug of await listPageSlugs()) pages.set(slug, (await getPage(slug)).html)
  return pages
}

function pagesContaining(pages: Map<string, string>, text: string) {
  return [...pages].filter(([, html]) => html.includes(text)).map(([slug]) => slug)
}

test('the 5-lesson pack discount, changed in pricing.json alone, changes on every page that shows it', async () => {
  const dir = await copyOfContent()
  const before = await renderEveryPage(dir)
  const showingDiscount = pagesContaining(before, '10%')
  expect(showingDiscount).toEqual(expect.arrayContaining(['index', 'pricing', 'services']))

  const pricingFile = path.join(dir, 'data', 'pricing.json')
  const pricing = JSON.parse(await readFile(pricingFile, 'utf8'))
  pricing.packs.find((pack: { lessons: number }) => pack.lessons === 5).savingPercent = 12
  await writeFile(pricingFile, JSON.stringify(pricing))

  const after = await renderEveryPage(dir)
  expect(pagesContaining(after, '12%')).toEqual(showingDiscount)
  expect(pagesContaining(after, '10%')).toEqual([])
  // It compiles every page twice: seconds on an idle machine, more when the machine is busy.
}, 60_000)

test('a fact token in a data file is filled from site.ts', async () => {
  const { getData } = await loadContentModule()
  const { students } = await getData('faqs')
  const cancellation = students.find((faq) => faq.question.includes('cancel'))
  expect(cancellation?.answer).toContain('at least 24 hours before')
  expect(cancellation?.answer).toContain('5-7 business days')
})

test('an unknown fact token names the file and the field', async () => {
  const dir = await copyOfContent()
  const faqsFile = path.join(dir, 'data', 'faqs.json')
  const faqs = JSON.parse(await readFile(faqsFile, 'utf8'))
  faqs.students[2].answer = 'Reply within {replyTime}.'
  await writeFile(faqsFile, JSON.stringify(faqs))
  const { getData } = await loadContentModule(dir)
  await expect(getData('faqs')).rejects.toThrow(
    /data\/faqs\.json: students\[2\]\.answer uses \{replyTime\}, which is not a known fact/,
  )
})

test('an unknown <Fact> in a page names the file', async () => {
  const dir = await copyOfContent()
  await writeFile(path.join(dir, 'pages', 'about.mdx'), '---\ntitle: About\ndescription: About us\n---\n\nWe have <Fact name="tutorCount" /> tutors.\n')
  const { getPage } = await loadContentModule(dir)
  await expect(getPage('about')).rejects.toThrow(/pages\/about\.mdx: <Fact name="tutorCount"> is not a known fact/)
})
