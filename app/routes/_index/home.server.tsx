import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { renderToStaticMarkup } from 'react-dom/server'

import type { HeroClaims, HomeStaticSections } from '~/routes/_index/home-page'
import { ClosingCallToAction, LiveSessionMock } from '~/routes/_index/home-static-sections'
import { getPage, type Page } from '~/content/pages.server'
import { business } from '~/content/structured-data.server'
import { getEnv } from '~/env.server'
import { sharedPage } from '~/http/cache-control.server'
import { getCatalogue, toTutorCard } from '~/tutors/catalogue.server'
import { CLAIMS } from '~/site'

// Keyed by the cached page, so a new version of the content renders them afresh.
const renderedSections = new WeakMap<Page, HomeStaticSections>()

function staticSections(page: Page, closing: Parameters<typeof ClosingCallToAction>[0]['closing']) {
  let sections = renderedSections.get(page)
  if (sections === undefined) {
    sections = { liveSessionMock: renderToStaticMarkup(<LiveSessionMock />), closing: renderToStaticMarkup(<ClosingCallToAction closing={closing} />) }
    renderedSections.set(page, sections)
  }
  return sections
}

// The hero's claims travel with the page's data: the home page is the only one whose scripts
// would need them, and importing CLAIMS there would put it in every page's shared scripts.
const HERO_CLAIMS: HeroClaims = {
  trustBadge: CLAIMS.trustBadge,
  tutors: CLAIMS.tutors,
  tutorsLabel: CLAIMS.tutorsLabel,
  lessons: CLAIMS.lessons,
  lessonsLabel: CLAIMS.lessonsLabel,
  rating: CLAIMS.rating,
  ratingLabel: CLAIMS.ratingLabel,
}

/** The home page's data: its content, the sections rendered once, and the featured tutors as of now. */
export async function loadHomeData({ request }: LoaderFunctionArgs) {
  const now = new Date()
  const [page, tutors] = await Promise.all([getPage('index'), getCatalogue(now)])
  if (page.frontmatter.layout !== 'home') throw new Error('content/pages/index.mdx: frontmatter.layout must be home')
  const { closing, ...home } = page.frontmatter
  return json(
    {
      page,
      home,
      claims: HERO_CLAIMS,
      sections: staticSections(page, closing),
      featuredTutors: tutors.filter((tutor) => tutor.featured).map((tutor) => toTutorCard(tutor, now)),
      structured: [business(getEnv().siteUrl)],
    },
    sharedPage(request),
  )
}
