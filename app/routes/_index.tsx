import { json, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { HomePage } from '~/components/home-page'
import { getData, getPage } from '~/content.server'
import { pageMeta } from '~/page-meta'
import { toTutorCard } from '~/tutor-catalogue.server'

export async function loader() {
  const [page, tutors] = await Promise.all([getPage('index'), getData('tutors')])
  if (page.frontmatter.layout !== 'home') throw new Error('content/pages/index.mdx: frontmatter.layout must be home')
  const now = new Date()
  return json({ page, home: page.frontmatter, featuredTutors: tutors.filter((tutor) => tutor.featured).map((tutor) => toTutorCard(tutor, now)) })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page.frontmatter)

export default function HomeRoute() {
  const { page, home, featuredTutors } = useLoaderData<typeof loader>()
  return <HomePage page={page} hero={home} featuredTutors={featuredTutors} />
}
