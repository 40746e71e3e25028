import { json } from '@remix-run/node'
import { renderToStaticMarkup } from 'react-dom/server'

import type { HomeStaticSections } from '~/routes/_index/home-page'
import { ClosingCallToAction, LiveSessionMock } from '~/routes/_index/home-static-sections'
import { getPage, type Page } from '~/content/pages.server'
import { getCatalogue, toTutorCard } from '~/tutors/catalogue.server'

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

/** The home page's data: its content, the sections rendered once, and the featured tutors as of now. */
export async function loadHomeData() {
  const now = new Date()
  const [page, tutors] = await Promise.all([getPage('index'), getCatalogue(now)])
  if (page.frontmatter.layout !== 'home') throw new Error('content/pages/index.mdx: frontmatter.layout must be home')
  const { closing, ...home } = page.frontmatter
  return json({
    page,
    home,
    sections: staticSections(page, closing),
    featuredTutors: tutors.filter((tutor) => tutor.featured).map((tutor) => toTutorCard(tutor, now)),
  })
}
