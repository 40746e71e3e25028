// The meta and component of every plain content route (their loader is loadContentPage).
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { ContentPage, type PageData } from '~/components/content-page'
import { pageMeta } from '~/page-meta'

type ContentLoaderData = { page: PageData }

export const contentMeta: MetaFunction = ({ data }) => pageMeta((data as ContentLoaderData | undefined)?.page.frontmatter)

export function ContentRoute() {
  const { page } = useLoaderData<ContentLoaderData>()
  return <ContentPage page={page} />
}
