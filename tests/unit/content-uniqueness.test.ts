import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import matter from 'gray-matter'
import { expect, test } from 'vitest'

const PAGES_DIR = 'content/pages'
// Shorter blocks are headings, labels and one-line calls to action, which may recur.
const MIN_PARAGRAPH_LENGTH = 50

async function readPages() {
  const files = (await readdir(PAGES_DIR, { recursive: true })).filter((file) => file.endsWith('.mdx'))
  return Promise.all(
    files.map(async (file) => {
      const { data, content } = matter(await readFile(path.join(PAGES_DIR, file), 'utf8'))
      return { file, frontmatter: data as Record<string, unknown>, body: content }
    }),
  )
}

/** The prose of an MDX body, one entry per paragraph or list, with markup stripped. */
function proseParagraphs(body: string) {
  return body
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .replace(/<[^>]*>/g, ' ')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/^\s*(?:#+|[-*+]|\d+\.|>|\|)\s*/gm, '')
        .replace(/[*_`|]/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((text) => text.length >= MIN_PARAGRAPH_LENGTH)
}

function repeatedAcrossPages(entries: Array<{ file: string; text: string }>) {
  const filesByText = new Map<string, Set<string>>()
  for (const { file, text } of entries) {
    const key = text.toLowerCase()
    filesByText.set(key, (filesByText.get(key) ?? new Set()).add(file))
  }
  return [...filesByText].filter(([, files]) => files.size > 1).map(([text, files]) => `${[...files].join(' and ')}: "${text}"`)
}

test('no two pages repeat the same paragraph', async () => {
  const pages = await readPages()
  const paragraphs = pages.flatMap(({ file, body }) => proseParagraphs(body).map((text) => ({ file, text })))
  expect(paragraphs.length).toBeGreaterThan(100)
  expect(repeatedAcrossPages(paragraphs)).toEqual([])
})

test('no paragraph is repeated within a page', async () => {
  for (const { file, body } of await readPages()) {
    const paragraphs = proseParagraphs(body)
    expect(new Set(paragraphs).size, file).toBe(paragraphs.length)
  }
})

test('every page has its own title, description and lead', async () => {
  const pages = await readPages()
  for (const field of ['title', 'description', 'lead']) {
    const values = pages
      .filter(({ frontmatter }) => typeof frontmatter[field] === 'string')
      .map(({ file, frontmatter }) => ({ file, text: String(frontmatter[field]) }))
    expect(repeatedAcrossPages(values), field).toEqual([])
  }
})
