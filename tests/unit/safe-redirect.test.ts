import { expect, test } from 'vitest'

import { safeRedirectPath } from '~/http/safe-redirect'

test('same-site paths are kept', () => {
  expect(safeRedirectPath('/pricing?x=1')).toBe('/pricing?x=1')
})

test('anything that could leave the site falls back', () => {
  for (const target of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/\nx', null, undefined]) {
    expect(safeRedirectPath(target, '/home')).toBe('/home')
  }
})

test('a path with characters a Location header cannot carry falls back instead of failing', () => {
  expect(safeRedirectPath('/€', '/home')).toBe('/home')
})

test('a path too long for a Location header behind a proxy falls back', () => {
  expect(safeRedirectPath(`/tutors/find?q=${'x'.repeat(1024)}`, '/home')).toBe('/home')
  expect(safeRedirectPath(`/tutors/find?q=${'x'.repeat(1000)}`, '/home')).not.toBe('/home')
})
