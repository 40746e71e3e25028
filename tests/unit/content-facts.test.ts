import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { expect, test } from 'vitest'

import type { PricingFile } from '~/content/schema'

import { copyOfContent, loadContentModule } from './content-fixture'

async function renderEveryPage(contentDir: string) {
  const { getPage, listPageSlugs } = await loadContentModule(contentDir)
  const pages = new Map<string, string>()
  for (const slug of await listPageSlugs()) pages.set(slug, (await getPage(slug)).html)
  return pages
}

function pagesContaining(pages: Map<string, string>, text: string) {
  return [...pages].filter(([, html]) => html.toLowerCase().includes(text.toLowerCase())).map(([slug]) => slug)
}

// Compiling every page twice takes several seconds when the machine is busy.
const TWO_RENDERS_TIMEOUT_MS = 60_000

/**
 * Renders every page, edits pricing.json alone and renders again: the pages that showed
 * `shown` (at least `expectedPages`) now show `changed` instead, and no page still shows `shown`.
 */
async function expectPricingEditEverywhere(edit: (pricing: PricingFile) => void, shown: string, changed: string, expectedPages: string[]) {
  const dir = await copyOfContent()
  const showing = pagesContaining(await renderEveryPage(dir), shown)
  expect(showing).toEqual(expect.arrayContaining(expectedPages))

  const pricingFile = path.join(dir, 'data', 'pricing.json')
  const pricing = JSON.parse(await readFile(pricingFile, 'utf8')) as PricingFile
  edit(pricing)
  await writeFile(pricingFile, JSON.stringify(pricing))

  const after = await renderEveryPage(dir)
  expect(pagesContaining(after, changed)).toEqual(showing)
  expect(pagesContaining(after, shown)).toEqual([])
}

test('the 5-lesson pack discount, changed in pricing.json alone, changes on every page that shows it', async () => {
  const setFivePackSaving = (pricing: PricingFile) => {
    pricing.packs.find((pack) => pack.lessons === 5)!.savingPercent = 12
  }
  await expectPricingEditEverywhere(setFivePackSaving, '10%', '12%', ['index', 'pricing', 'services'])
}, TWO_RENDERS_TIMEOUT_MS)

test('the one pack validity period, changed in pricing.json alone, changes on every page that shows it', async () => {
  const setValidity = (pricing: PricingFile) => {
    pricing.packValidMonths = 9
  }
  // Other things last 6 months too (the cookie-consent cookie), so the phrase is the pack's own.
  await expectPricingEditEverywhere(setValidity, 'valid for 6 months', 'valid for 9 months', ['pricing', 'terms', 'cancellation-and-refund'])
}, TWO_RENDERS_TIMEOUT_MS)

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
