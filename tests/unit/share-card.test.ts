// Issue 31, point 3: a page's share card says what its frontmatter says (or its `share` fields),
// a tutor's says who they are, and the image is a 1200×630 PNG drawn once per process.
import { expect, test } from 'vitest'

import type { PageFrontmatter } from '~/content/schema'
import { pageCardWords, tutorCardWords } from '~/content/share-card-words'
import { shareCard } from '~/content/share-card.server'

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
})
