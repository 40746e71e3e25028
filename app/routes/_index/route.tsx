import { useLoaderData } from '@remix-run/react'

import { HomePage } from '~/routes/_index/home-page'
import type { loadHomeData } from '~/routes/_index/home.server'

export { loadHomeData as loader } from '~/routes/_index/home.server'

export { contentMeta as meta } from '~/content/page-meta'

export default function HomeRoute() {
  const { page, home, claims, sections, featuredTutors } = useLoaderData<typeof loadHomeData>()
  return <HomePage page={page} home={home} claims={claims} sections={sections} featuredTutors={featuredTutors} />
}
