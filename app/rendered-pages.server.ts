// Rendered pages for visitors without a session, by version (see pageVersion): a page's
// HTML depends only on what the version hashes, so React renders each version once, not
// once per visit, and a form's thank-you page once for everyone who sends that form.
// Least recently used pages leave first, so memory stays bounded.
const MAX_PAGES = 200

const pages = new Map<string, string>()

export function rememberedPage(version: string) {
  const html = pages.get(version)
  if (html !== undefined) {
    pages.delete(version)
    pages.set(version, html)
  }
  return html
}

export function rememberPage(version: string, html: string) {
  pages.set(version, html)
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!)
}
