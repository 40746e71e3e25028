import type { MetaDescriptor } from '@remix-run/node'

import { pageTitle, SITE } from '~/site'

/** `<title>` ('Page | Brightwell Tutoring') and description; copes with error pages' missing data. */
export function pageMeta(page: { title: string; description: string } | undefined | null): MetaDescriptor[] {
  return [
    { title: page ? pageTitle(page.title) : SITE.name },
    { name: 'description', content: page?.description ?? SITE.description },
  ]
}
