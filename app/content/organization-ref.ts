import type { Organization } from 'schema-dts'

import { SITE } from '~/site'

/** The business, named where other pieces of structured data refer to it rather than repeat it. */
export function organizationId(siteUrl: string) {
  return `${siteUrl}/#organization`
}

/** Who runs the site, as an organizer or employer names it. */
export function organizationRef(siteUrl: string): Organization {
  return { '@type': 'EducationalOrganization', '@id': organizationId(siteUrl), name: SITE.name, url: `${siteUrl}/` }
}
