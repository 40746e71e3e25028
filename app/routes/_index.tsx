import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { HomePage } from '~/components/home-page'
import { pageMeta } from '~/page-meta'
import type { loadHomeData } from '~/home-data.server'

export { loadHomeData as loader } from '~/home-data.server'

export const meta: MetaFunction<typeof loadHomeData> = ({ data }) => pageMeta(data?.page.frontmatter)

export default function HomeRoute() {
  const { page, home, sections, featuredTutors } = useLoaderData<typeof loadHomeData>()
  return <HomePage page={page} home={home} sections={sections} featuredTutors={featuredTutors} />
}
