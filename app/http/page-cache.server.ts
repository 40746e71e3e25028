// Rendered pages for visitors without a session, by version (see pageVersion): a page's
// HTML depends only on what the version hashes, so React renders each version once, not
// once per visit, and a form's thank-you page once for everyone who sends that form.
// Least recently used pages leave first, so memory stays bounded.
import type { NoncedPage } from '~/nonced-page.server'

const MAX_PAGES = 200

const pages = new Map<string, NoncedPage>()

export function rememberedPage(version: string) {
  const page = pages.get(version)
  if (page !== undefined) {
    pages.delete(version)
    pages.set(version, page)
  }
  return page
}

export function rememberPage(version: string, page: NoncedPage) {
  pages.set(version, page)
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!)
}
