// The meta of every page made from an MDX file. A module of its own: a route with its own page
// component (the home page) takes the meta without the content page's components.
import type { MetaFunction } from '@remix-run/node'

import { pageMeta, siteUrlOf, type StructuredThing } from '~/content/page-meta'
import type { Page } from '~/content/pages.server'
import { pageCardWords } from '~/content/share-card-words'

/** A content page's loader data; `structured` is what the route adds to the page's own structured data. */
export type ContentLoaderData = { page: Page; canonicalQuery?: string; structured?: StructuredThing[] }

/**
 * The meta of a content page (pageMeta, from its frontmatter), with its structured data: the page's
 * own (its breadcrumbs and questions, built when it was compiled) and what the route's loader adds.
 */
export const contentMeta: MetaFunction = ({ data, location, matches }) => {
  const loaded = data as ContentLoaderData | undefined
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
    structured: [...page.structured, ...(loaded.structured ?? [])],
  })
}
