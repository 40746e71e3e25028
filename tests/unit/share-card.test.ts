// Issue 31, point 3: a page's share card says what its frontmatter says (or its `share` fields),
// a tutor's says who they are, and the image is a 1200×630 PNG drawn once per process.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { Resvg } from '@resvg/resvg-js'
import { expect, test } from 'vitest'

import type { PageFrontmatter } from '~/content/schema'
import { pageCardWords, tutorCardWords } from '~/content/share-card-words'
import { shareCard } from '~/content/share-card.server'
import { shareImageProblem } from '~/content/share-image.server'
import { contentShareTags } from '~/content/share-tags.server'

import { copyOfContent, loadContentModule } from './content-fixture'

const page: PageFrontmatter = { layout: 'prose', title: 'Pricing', description: 'What lessons cost.', lead: 'Clear prices, no surprises.', actions: [] }

test("a page's card shows its eyebrow, title and lead; its share fields replace them", () => {
  expect(pageCardWords({ ...page, eyebrow: 'Prices' }, false)).toEqual({ kicker: 'Prices', title: 'Pricing', text: 'Clear prices, no surprises.' })
  expect(pageCardWords({ ...page, lead: undefined }, false).text).toBe('What lessons cost.')
  expect(pageCardWords({ ...page, share: { title: 'Tutoring prices in London', description: 'From £30 an hour.' } }, false)).toEqual({ kicker: '', title: 'Tutoring prices in London', text: 'From £30 an hour.' })
})

test("a tutor's card shows their name, subject, levels, rating and experience", () => {
  expect(tutorCardWords({ name: 'Dr Amelia Hart', subject: 'Physics', levels: ['A-Level', 'University'], rating: 4.9, experienceYears: 14 })).toEqual({
    kicker: 'Vetted tutor',
    title: 'Dr Amelia Hart, Physics tutor',
    text: 'A-Level · University. Rated 4.9 out of 5, 14 years of experience.',
  })
})

test('the card of a public page is a 1200×630 PNG, drawn once; a personal or unknown page has none', { timeout: 30_000 }, async () => {
  const png = (await shareCard('/students/faqs'))!
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 1200, height: 630 })
  expect(await shareCard('/students/faqs')).toBe(png)
  expect((await shareCard('/tutors/amelia-hart'))!.readUInt32BE(16)).toBe(1200)
  for (const path of ['/dashboard', '/account', '/office', '/no-such-page', '/tutors/no-such-tutor']) await expect(shareCard(path), path).resolves.toBeNull()
  // Only the page's own path: each other spelling would be drawn and kept afresh, without end.
  for (const path of ['//students/faqs', '/students/faqs/', '///students/faqs//', '//', '//dashboard', '/tutors/amelia-hart/']) await expect(shareCard(path), path).resolves.toBeNull()
})

/** A PNG of the given size, drawn from an empty SVG. */
function png(width: number, height: number) {
  return new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"/>`).render().asPng()
}

test("an editor's own card must be a 1200×630 PNG that exists; the page's tags then name it", async () => {
  const publicDir = path.join(await copyOfContent(), 'public')
  await mkdir(path.join(publicDir, 'share'), { recursive: true })
  await writeFile(path.join(publicDir, 'share', 'right.png'), png(1200, 630))
  await writeFile(path.join(publicDir, 'share', 'small.png'), png(600, 315))
  await writeFile(path.join(publicDir, 'share', 'text.png'), 'not an image')
  expect(await shareImageProblem('/share/right.png', publicDir)).toBeNull()
  expect(await shareImageProblem('/share/small.png', publicDir)).toMatch(/small\.png is 600×315; a share card is 1200×630$/)
  expect(await shareImageProblem('/share/text.png', publicDir)).toMatch(/text\.png is not a PNG$/)
  expect(await shareImageProblem('/share/missing.png', publicDir)).toMatch(/missing\.png does not exist$/)

  const tags = contentShareTags('https://example.test', '/pricing', { ...page, share: { image: { src: '/share/pricing.png', alt: 'Prices on a chalkboard' } } })
  expect(tags).toContainEqual({ property: 'og:image', content: 'https://example.test/share/pricing.png' })
  expect(tags).toContainEqual({ property: 'og:image:alt', content: 'Prices on a chalkboard' })
  expect(contentShareTags('https://example.test', '/account', page)).toEqual([])
})

test("a page whose share image is missing or misnamed does not build, and the error names the file and field", { timeout: 30_000 }, async () => {
  const dir = await copyOfContent()
  const file = path.join(dir, 'pages', 'pricing.mdx')
  const source = await readFile(file, 'utf8')
  const withImage = (src: string) => source.replace(/^---\n/, `---\nshare:\n  image:\n    src: ${src}\n    alt: Our prices\n`)
  await writeFile(file, withImage('/share/no-such-card.png'))
  let content = await loadContentModule(dir)
  await expect(content.getPage('pricing')).rejects.toThrow(/pages\/pricing\.mdx: frontmatter\.share\.image\.src: public\/share\/no-such-card\.png does not exist/)
  await writeFile(file, withImage('/images/card.jpg'))
  content = await loadContentModule(dir)
  await expect(content.getPage('pricing')).rejects.toThrow(/pages\/pricing\.mdx: frontmatter\.share\.image\.src must be a PNG in public\/share/)
})
