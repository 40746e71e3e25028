import { resolvePath } from '@remix-run/router'
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

test('a path the framework would resolve into another origin falls back or is kept resolved', () => {
  // Remix resolves . and .. segments in a redirect's Location after our check: /x/../\evil.example
  // would go out as /\evil.example, which a browser reads as https://evil.example/.
  const site = 'https://brightwell.example'
  for (const target of ['/x/../\\evil.example', '/.//evil.example', '/x/..//evil.example', '/x/%2e%2e//evil.example', '/a\\b', '/x/./../..//evil.example?q=1']) {
    const kept = safeRedirectPath(target, '/home')
    const location = resolvePath(kept)
    expect(new URL(`${location.pathname}${location.search}${location.hash}`, site).origin, target).toBe(site)
    expect(`${location.pathname}${location.search}${location.hash}`, target).toBe(kept)
  }
  expect(safeRedirectPath('/tutors/find/../apply?x=1#faq')).toBe('/tutors/apply?x=1#faq')
})
