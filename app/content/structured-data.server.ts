// Structured data (schema.org JSON-LD, issue 31): what a search engine reads to know what a page is
// about, made from what already describes the page (site.ts, the frontmatter, the data files), typed by
// schema-dts. The pieces every page has are built on the server (a content page's own once, when it is
// compiled; the business by the loaders of / and /contact): a route's `meta` runs in the browser too,
// and built there these builders went to every page's scripts. A piece only one route has, made from
// data its page carries anyway (the timetable's sessions), is built by that route's meta instead: sent
// in the loader data, the sessions would go to the browser twice (decision 016).
import type { BreadcrumbList, EducationalOrganizationLeaf, FAQPage, LocalBusinessLeaf, MergeLeafTypes } from 'schema-dts'

import { trailFromHome } from '~/content/breadcrumb-trail'
import { organizationId } from '~/content/organization-ref'
import type { StructuredThing } from '~/content/page-meta'
import type { Faq, LinkItem, PageFrontmatter } from '~/content/schema'
import { COMPANY, OFFICE_ADDRESS, SITE, SUPPORT } from '~/site'

type Business = MergeLeafTypes<[EducationalOrganizationLeaf, LocalBusinessLeaf]>

/** The business in full (on `/` and `/contact`): a London education business, its address, office hours and support address. */
export function business(siteUrl: string): Business {
  const { street, locality, postalCode, country } = OFFICE_ADDRESS
  return {
    '@type': ['EducationalOrganization', 'LocalBusiness'],
    '@id': organizationId(siteUrl),
    name: SITE.name,
    legalName: COMPANY.name,
    description: SITE.description,
    url: `${siteUrl}/`,
    image: `${siteUrl}/share-card.png?page=%2F`,
    email: SITE.supportEmail,
    address: { '@type': 'PostalAddress', streetAddress: street, addressLocality: locality, postalCode, addressCountry: country },
    areaServed: { '@type': 'City', name: locality },
    openingHoursSpecification: SUPPORT.hours.flatMap((row) =>
      row.open ? [{ '@type': 'OpeningHoursSpecification' as const, dayOfWeek: [...row.weekdays], opens: row.open.from, closes: row.open.to }] : [],
    ),
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: SITE.supportEmail, areaServed: 'GB', availableLanguage: 'English' },
    ...(SITE.socialProfiles.length > 0 ? { sameAs: SITE.socialProfiles.map((profile) => profile.href) } : {}),
  }
}

/** The breadcrumbs a page shows, as a search engine reads them: its trail from home, then the page itself. */
export function breadcrumbList(siteUrl: string, trail: readonly LinkItem[], current: LinkItem): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [...trailFromHome(trail), current].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: `${siteUrl}${crumb.href}`,
    })),
  }
}

/** The questions a page answers (its `<Faqs>` lists), each with its answer as the page shows it. */
export function faqPage(faqs: readonly Faq[]): FAQPage {
  return {
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({ '@type': 'Question', name: faq.question, acceptedAnswer: { '@type': 'Answer', text: faq.answer } })),
  }
}

/** A content page's own structured data, at its address: the breadcrumbs every layout but the home page's shows, and its questions. */
export function pageStructuredData(siteUrl: string, pathname: string, frontmatter: PageFrontmatter, faqs: readonly Faq[]): StructuredThing[] {
  return [
    ...(frontmatter.layout === 'home' ? [] : [breadcrumbList(siteUrl, frontmatter.breadcrumbs ?? [], { label: frontmatter.title, href: pathname })]),
    ...(faqs.length > 0 ? [faqPage(faqs)] : []),
  ]
}
