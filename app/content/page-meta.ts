import type { MetaDescriptor, MetaFunction, SerializeFrom } from '@remix-run/node'
import type { JsonLdObject } from 'schema-dts'

import type { Page } from '~/content/pages.server'
import { pageTitle, SITE } from '~/site'

/** A schema.org thing written out (the builders: content/structured-data.server.ts, classes/class-events.ts). */
export type StructuredThing = JsonLdObject

/** A piece of structured data as a meta descriptor: one `<script type="application/ld+json">`, which Remix's <Meta> escapes for HTML. */
function structuredData(thing: StructuredThing): MetaDescriptor {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...thing } }
}

/** The site's address as the root loader gives it to every route's meta. */
export function siteUrlOf(matches: ReadonlyArray<{ id: string; data: unknown }>) {
  const root = matches.find((match) => match.id === 'root')?.data as { siteUrl?: unknown } | undefined
  return typeof root?.siteUrl === 'string' ? root.siteUrl : null
}

/**
 * `<title>` ('Page | Brightwell Tutoring') and description; copes with error pages' missing data.
 * A public page also gets the share tags and structured data its server built (share-tags.server.ts,
 * structured-data.server.ts).
 */
export function pageMeta(
  page: { title: string; description: string } | undefined | null,
  built?: { share: MetaDescriptor[]; structured?: StructuredThing[] },
): MetaDescriptor[] {
  return [
    { title: page ? pageTitle(page.title) : SITE.name },
    { name: 'description', content: page?.description ?? SITE.description },
    ...(page && built ? [...built.share, ...(built.structured?.map(structuredData) ?? [])] : []),
  ]
}

/**
 * A content page's loader data: `share` replaces the page's own share tags when its address has a
 * canonical query, and `structured` is what the route adds to the page's own structured data.
 */
export type ContentLoaderData = { page: Page; share?: MetaDescriptor[]; structured?: StructuredThing[] }

/**
 * The meta of a content page (pageMeta, from its frontmatter), with its share tags and structured
 * data: the page's own (built when it was compiled), what the route's loader adds, and what `more`
 * makes in the browser from data the page carries anyway.
 */
export function contentMetaWith<Loader>(more: (siteUrl: string, data: SerializeFrom<Loader>) => StructuredThing[]): MetaFunction<Loader> {
  return ({ data, matches }) => {
    const loaded = data as (ContentLoaderData & SerializeFrom<Loader>) | undefined
    const page = loaded?.page
    if (!page) return pageMeta(null)
    const siteUrl = siteUrlOf(matches)
    return pageMeta(page.frontmatter, {
      share: loaded.share ?? page.share,
      structured: [...page.structured, ...(loaded.structured ?? []), ...(siteUrl === null ? [] : more(siteUrl, loaded))],
    })
  }
}

export const contentMeta = contentMetaWith(() => [])
