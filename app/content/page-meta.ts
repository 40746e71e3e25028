import type { MetaDescriptor, MetaFunction, SerializeFrom } from '@remix-run/node'
import type { JsonLdObject } from 'schema-dts'

import type { Page } from '~/content/pages.server'
import { cardAlt, pageCardWords, SHARE_CARD, type CardWords } from '~/content/share-card-words'
import { isIndexedPath, pageTitle, SITE } from '~/site'

/** A schema.org thing written out (the builders: content/structured-data.server.ts, classes/class-events.ts). */
export type StructuredThing = JsonLdObject

/** A piece of structured data as a meta descriptor: one `<script type="application/ld+json">`, which Remix's <Meta> escapes for HTML. */
function structuredData(thing: StructuredThing): MetaDescriptor {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...thing } }
}

/** Where a public page is, for its share tags: the site's address (root data) and the page's path and canonical query. */
export type SharedAt = { siteUrl: string; pathname: string; canonicalQuery?: string }

/** The site's address as the root loader gives it to every route's meta. */
export function siteUrlOf(matches: ReadonlyArray<{ id: string; data: unknown }>) {
  const root = matches.find((match) => match.id === 'root')?.data as { siteUrl?: unknown } | undefined
  return typeof root?.siteUrl === 'string' ? root.siteUrl : null
}

/**
 * `<title>` ('Page | Brightwell Tutoring') and description; copes with error pages' missing data.
 * A public page with its card's words also gets the tags chat apps and social networks read to show
 * it (Open Graph and Twitter): its title, description, canonical URL and generated image; and the
 * structured data its loader built for search engines.
 */
export function pageMeta(
  page: { title: string; description: string } | undefined | null,
  share?: {
    at: SharedAt | null
    card: CardWords
    title?: string
    description?: string
    /** An editor's own card (frontmatter `share.image`) instead of the drawn one. */
    image?: { src: string; alt: string }
    structured?: StructuredThing[]
  },
): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page ? pageTitle(page.title) : SITE.name },
    { name: 'description', content: page?.description ?? SITE.description },
  ]
  if (!page || !share?.at || !isIndexedPath(share.at.pathname)) return tags
  const { siteUrl, pathname, canonicalQuery = '' } = share.at
  return [
    ...tags,
    { property: 'og:type', content: pathname === '/' ? 'website' : 'article' },
    { property: 'og:site_name', content: SITE.name },
    { property: 'og:title', content: share.title ?? page.title },
    { property: 'og:description', content: share.description ?? page.description },
    { property: 'og:url', content: `${siteUrl}${pathname}${canonicalQuery}` },
    { property: 'og:image', content: share.image ? `${siteUrl}${share.image.src}` : `${siteUrl}/share-card.png?${new URLSearchParams({ page: pathname })}` },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(SHARE_CARD.width) },
    { property: 'og:image:height', content: String(SHARE_CARD.height) },
    { property: 'og:image:alt', content: share.image?.alt ?? cardAlt(share.card) },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(share.structured?.map(structuredData) ?? []),
  ]
}

/** A content page's loader data; `structured` is what the route adds to the page's own structured data. */
export type ContentLoaderData = { page: Page; canonicalQuery?: string; structured?: StructuredThing[] }

/**
 * The meta of a content page (pageMeta, from its frontmatter), with its structured data: the page's
 * own (its breadcrumbs and questions, built when it was compiled), what the route's loader adds, and
 * what `more` makes in the browser from data the page carries anyway.
 */
export function contentMetaWith<Loader>(more: (siteUrl: string, data: SerializeFrom<Loader>) => StructuredThing[]): MetaFunction<Loader> {
  return ({ data, location, matches }) => {
    const loaded = data as (ContentLoaderData & SerializeFrom<Loader>) | undefined
    const siteUrl = siteUrlOf(matches)
    const page = loaded?.page
    if (!page) return pageMeta(null)
    const { frontmatter } = page
    return pageMeta(frontmatter, {
      at: siteUrl === null ? null : { siteUrl, pathname: location.pathname, canonicalQuery: loaded.canonicalQuery },
      card: pageCardWords(frontmatter, location.pathname === '/'),
      title: frontmatter.share?.title,
      description: frontmatter.share?.description,
      image: frontmatter.share?.image,
      structured: [...page.structured, ...(loaded.structured ?? []), ...(siteUrl === null ? [] : more(siteUrl, loaded))],
    })
  }
}

export const contentMeta = contentMetaWith(() => [])
