import type { LinkItem } from '~/content/schema'

/** Every trail of breadcrumbs starts at the home page: the one a page shows, and the one search engines read. */
export function trailFromHome(trail: readonly LinkItem[]): LinkItem[] {
  return [{ label: 'Home', href: '/' }, ...trail]
}
