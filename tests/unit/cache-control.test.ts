import { expect, test } from 'vitest'

import { isAskedAtItsUrl, sharedFileHeaders, sharedPage } from '~/http/cache-control.server'

test('a page is shared at one spelling of its path; another spelling is served privately, not kept twice', () => {
  const declared = (url: string) => new Headers(sharedPage(new Request(url), '?subject=science')?.headers).get('Content-Location')
  expect(declared('http://localhost/tutors/find?level=x&subject=science')).toBe('/tutors/find?subject=science')
  for (const path of ['/Tutors/find', '/tutors/find/', '//tutors/find', '/tutors//find', '/tutors/%66ind', '/%74utors/find', '/tutors/find%2F']) expect(declared(`http://localhost${path}`), path).toBeNull()
  expect(declared('http://localhost/')).toBe('/?subject=science')
})

// Kept by a cache under each URL it is asked by, as written, a page public at more than one spelling
// of its query would fill the cache with copies of itself (`/about?x=1`, `?&`, `?&&`, an escape of any
// character, …), one per request of a stranger's, and push the real pages out.
test('a shared page or file is public only at its own URL as our links write it; at any other spelling it is served privately', () => {
  const shared = (url: string, query = '') => isAskedAtItsUrl(new Request(url), new URL(url).pathname + query)
  expect(shared('http://localhost/about')).toBe(true)
  expect(shared('http://localhost/about?')).toBe(true)
  for (const query of ['?utm_source=x', '?&', '?&&&', '?_data=root&_data=x']) expect(shared(`http://localhost/about${query}`), query).toBe(false)
  const search = '?subject=science&level=alevel'
  expect(shared(`http://localhost/tutors/find${search}`, search)).toBe(true)
  for (const query of ['?level=alevel&subject=science', '?subject=science&level=alevel&x=1', '?subject=science', '?%73ubject=science&level=alevel', '?subject=%73cience&level=alevel']) {
    expect(shared(`http://localhost/tutors/find${query}`, search), query).toBe(false)
  }
  // A client-side navigation's data request: the page's query, then the route's data, as Remix writes it.
  expect(shared(`http://localhost/tutors/find${search}&_data=routes%2Ftutors.find`, search)).toBe(true)
  expect(shared('http://localhost/about?_data=routes%2F%24', '')).toBe(true)
  for (const data of ['_data=routes/tutors.find', '_data=%72outes%2Ftutors.find', '_data=routes%2Ftutors.find&_data=root']) {
    expect(shared(`http://localhost/tutors/find${search}&${data}`, search), data).toBe(false)
  }
  expect(shared('http://localhost/contact?subject=Safeguarding+concern', '?subject=Safeguarding+concern')).toBe(true)
  expect(shared('http://localhost/contact?subject=Safeguarding%20concern', '?subject=Safeguarding+concern')).toBe(false)
  expect(shared('http://localhost/share-card.png?page=%2Fabout', '?page=%2Fabout')).toBe(true)
  for (const query of ['?page=/about', '?page=%2fabout', '?page=%2Fabout&x=1', '?page=%2Fabout&&']) expect(shared(`http://localhost/share-card.png${query}`, '?page=%2Fabout'), query).toBe(false)
})

test('a file the same for everyone (robots.txt, the sitemap, a share card) is public at one spelling of its path', () => {
  const cacheControl = (url: string, query = '') => sharedFileHeaders(new Request(url), 'text/plain', query).get('Cache-Control')
  expect(cacheControl('http://localhost/robots.txt')).toMatch(/^public/)
  for (const path of ['/Robots.txt', '/robots.txt/', '/%72obots.txt', '//robots.txt']) expect(cacheControl(`http://localhost${path}`), path).toBe('private, no-store')
})
