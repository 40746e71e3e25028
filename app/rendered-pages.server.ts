// Rendered pages for visitors without a session, by ETag: a page's HTML depends only
// on what the ETag hashes, so React renders each version of a page once, not once
// per visit. Least recently used pages leave first, so memory stays bounded.
const MAX_PAGES = 200

const pages = new Map<string, string>()

export function rememberedPage(etag: string) {
  const html = pages.get(etag)
  if (html !== undefined) {
    pages.delete(etag)
    pages.set(etag, html)
  }
  return html
}

export function rememberPage(etag: string, html: string) {
  pages.set(etag, html)
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!)
}
