// The tags chat apps and social networks read to show a public page (Open Graph and Twitter, issue 31).
// Built on the server, a content page's once when it is compiled, like its structured data
// (decision 016): the page's data carries them and the browser carries no code to make them.
import type { MetaDescriptor } from '@remix-run/node'

import type { PageFrontmatter } from '~/content/schema'
import { cardAlt, pageCardWords, SHARE_CARD, type CardWords } from '~/content/share-card-words'
import { isIndexedPath, SITE } from '~/site'

export type SharedPage = {
  siteUrl: string
  pathname: string
  /** The page's canonical query ('?subject=maths'), part of its address. */
  canonicalQuery?: string
  title: string
  description: string
  card: CardWords
  /** An editor's own card (frontmatter `share.image`) instead of the drawn one. */
  image?: { src: string; alt: string }
}

/** A public page's share tags: its title, description, canonical URL and card. A page search engines are told not to index has none. */
export function shareTags({ siteUrl, pathname, canonicalQuery = '', title, description, card, image }: SharedPage): MetaDescriptor[] {
  if (!isIndexedPath(pathname)) return []
  return [
    { property: 'og:type', content: pathname === '/' ? 'website' : 'article' },
    { property: 'og:site_name', content: SITE.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: `${siteUrl}${pathname}${canonicalQuery}` },
    { property: 'og:image', content: image ? `${siteUrl}${image.src}` : `${siteUrl}/share-card.png?${new URLSearchParams({ page: pathname })}` },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(SHARE_CARD.width) },
    { property: 'og:image:height', content: String(SHARE_CARD.height) },
    { property: 'og:image:alt', content: image?.alt ?? cardAlt(card) },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}

/** A content page's share tags, from its frontmatter: its `share` title, description and image when it has them. */
export function contentShareTags(siteUrl: string, pathname: string, frontmatter: PageFrontmatter, canonicalQuery?: string) {
  return shareTags({
    siteUrl,
    pathname,
    canonicalQuery,
    title: frontmatter.share?.title ?? frontmatter.title,
    description: frontmatter.share?.description ?? frontmatter.description,
    card: pageCardWords(frontmatter, pathname === '/'),
    image: frontmatter.share?.image,
  })
}
