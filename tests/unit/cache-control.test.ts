import { expect, test } from 'vitest'

import { isAskedAtItsUrl, sharedPage } from '~/http/cache-control.server'

test('a page is shared at one spelling of its path; another spelling is served privately, not kept twice', () => {
  const declared = (url: string) => new Headers(sharedPage(new Request(url), '?subject=science')?.headers).get('Content-Location')
  expect(declared('http://localhost/tutors/find?level=x&subject=science')).toBe('/tutors/find?subject=science')
  for (const path of ['/Tutors/find', '/tutors/find/', '//tutors/find', '/tutors//find', '/tutors/%66ind', '/%74utors/find', '/tutors/find%2F']) expect(declared(`http://localhost${path}`), path).toBeNull()
  expect(declared('http://localhost/')).toBe('/?subject=science')
})

// Kept by a cache under each URL it is asked by, a page shared at any query would fill the cache with
// copies of itself (`/about?x=1`, `?x=2`, …), one per request of a stranger's, and push the real pages out.
test('a shared page or file is public only at its own URL; with a query it does not read, or a query of its own written otherwise, it is served privately', () => {
  const shared = (url: string, query = '') => isAskedAtItsUrl(new Request(url), new URL(url).pathname + query)
  expect(shared('http://localhost/about')).toBe(true)
  expect(shared('http://localhost/about?utm_source=x')).toBe(false)
  expect(shared('http://localhost/about?')).toBe(true)
  expect(shared('http://localhost/tutors/find?subject=science&sort=rating', '?sort=rating&subject=science')).toBe(true)
  expect(shared('http://localhost/tutors/find?sort=rating&subject=science&x=1', '?sort=rating&subject=science')).toBe(false)
  expect(shared('http://localhost/tutors/find?sort=rating', '?sort=rating&subject=science')).toBe(false)
  // A client-side navigation's data request names the route's data too.
  expect(shared('http://localhost/tutors/find?sort=rating&_data=routes%2Ftutors.find', '?sort=rating')).toBe(true)
  expect(shared('http://localhost/share-card.png?page=%2Fabout', '?page=%2Fabout')).toBe(true)
  expect(shared('http://localhost/share-card.png?page=/about&x=1', '?page=%2Fabout')).toBe(false)
})
