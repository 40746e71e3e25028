import { useLoaderData } from '@remix-run/react'

import { contentMetaWith } from '~/content/content-page'
import { business } from '~/content/structured-data'
import { HomePage } from '~/routes/_index/home-page'
import type { loadHomeData } from '~/routes/_index/home.server'

export { loadHomeData as loader } from '~/routes/_index/home.server'

export const meta = contentMetaWith((siteUrl) => [business(siteUrl)])

export default function HomeRoute() {
  const { page, home, claims, sections, featuredTutors } = useLoaderData<typeof loadHomeData>()
  return <HomePage page={page} home={home} claims={claims} sections={sections} featuredTutors={featuredTutors} />
}
