import { expect, test } from 'vitest'

import { sharedPage } from '~/http/cache-control.server'

test('a page is shared at one spelling of its path; another spelling is served privately, not kept twice', () => {
  const declared = (url: string) => new Headers(sharedPage(new Request(url), '?subject=science')?.headers).get('Content-Location')
  expect(declared('http://localhost/tutors/find?level=x&subject=science')).toBe('/tutors/find?subject=science')
  for (const path of ['/Tutors/find', '/tutors/find/', '//tutors/find', '/tutors//find', '/tutors/%66ind', '/%74utors/find', '/tutors/find%2F']) expect(declared(`http://localhost${path}`), path).toBeNull()
  expect(declared('http://localhost/')).toBe('/?subject=science')
})
