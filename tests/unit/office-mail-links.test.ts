// The office's mailto: links to addresses visitors typed: one reader, or every place in a class.
import { expect, test } from 'vitest'

import { mailtoAllHref, mailtoHref } from '~/office/office-parts'

test("a class's joining link goes to every place at once, each blind-copied, with the class in the subject", () => {
  const href = mailtoAllHref(['ann@example.com', 'bob+kids@example.com'], 'Joining link: Phonics, Friday 27 November, 4:00 PM-4:45 PM')
  const url = new URL(href)
  expect(url.protocol).toBe('mailto:')
  expect(url.pathname).toBe('')
  expect(url.searchParams.get('bcc')).toBe('ann@example.com,bob+kids@example.com')
  expect(url.searchParams.get('subject')).toBe('Joining link: Phonics, Friday 27 November, 4:00 PM-4:45 PM')
})

test('an address stored before the rules of today cannot add recipients or a body to the link', () => {
  const url = new URL(mailtoAllHref(['eve@example.com?cc=all@example.com&body=hi'], 'Joining link'))
  expect([...url.searchParams.keys()]).toEqual(['bcc', 'subject'])
  expect(new URL(mailtoHref('eve@example.com&cc=x@example.com')).search).toBe('')
})
