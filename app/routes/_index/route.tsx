import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { HomePage } from '~/routes/_index/home-page'
import { pageMeta } from '~/content/page-meta'
import type { loadHomeData } from '~/routes/_index/home.server'

export { loadHomeData as loader } from '~/routes/_index/home.server'

export const meta: MetaFunction<typeof loadHomeData> = ({ data }) => pageMeta(data?.page.frontmatter)

export default function HomeRoute() {
  const { page, home, claims, sections, featuredTutors } = useLoaderData<typeof loadHomeData>()
  return <HomePage page={page} home={home} claims={claims} sections={sections} featuredTutors={featuredTutors} />
}
