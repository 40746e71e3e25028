// Structured data (schema.org JSON-LD, issue 31): what a search engine reads to know what a page is
// about, made from what already describes the page (site.ts, the frontmatter, the data files), typed by
// schema-dts. Each piece is one `<script type="application/ld+json">` in the page's head, written by
// Remix's <Meta>, which escapes it for HTML; the page's CSP names its hash like any inline script's.
import type { MetaDescriptor } from '@remix-run/node'
import type { BreadcrumbList, EducationalOrganizationLeaf, FAQPage, JsonLdObject, LocalBusinessLeaf, MergeLeafTypes, Organization } from 'schema-dts'

import type { Faq, LinkItem } from '~/content/schema'
import { COMPANY, OFFICE_ADDRESS, SITE, SUPPORT } from '~/site'

/** A schema.org thing written out; each builder here names its own schema-dts type. */
export type StructuredThing = JsonLdObject

/** A piece of structured data as a meta descriptor, for a route's `meta`. */
export function structuredData(thing: StructuredThing): MetaDescriptor {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...thing } }
}

/** The business, named where other pieces refer to it rather than repeat it. */
export function organizationId(siteUrl: string) {
  return `${siteUrl}/#organization`
}

/** Who runs the site, as an organizer or employer names it. */
export function organizationRef(siteUrl: string): Organization {
  return { '@type': 'EducationalOrganization', '@id': organizationId(siteUrl), name: SITE.name, url: `${siteUrl}/` }
}

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

/** Every trail of breadcrumbs starts at the home page. */
export function trailFromHome(trail: readonly LinkItem[]): LinkItem[] {
  return [{ label: 'Home', href: '/' }, ...trail]
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
