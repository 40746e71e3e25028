// Private by default (issue 26): every route, signed out and signed in, by GET and by post, as a
// page and as Remix's data request. A response is `private, no-store` unless its route declared it
// the same for everyone, and a shared one never carries a token, a session or a form's result.
import { writeFileSync } from 'node:fs'

import type { APIRequestContext } from '@playwright/test'

import { discoverRoutes, type Route } from '../tools/route-files'

import { clientAddressOf, expect, test } from './fixtures'
import { newFamily, newStaff } from './accounts'

const SHARED = 'public, max-age=0, s-maxage=300, stale-while-revalidate=300, stale-if-error=86400'
const PRIVATE = 'private, no-store'

// Each visit carries this token in its query string, as a link from an e-mail would.
const PROBE = `probe${Date.now()}`

// The pages a token opens: whatever they show, they are one person's.
const TOKEN_PAGES = ['/reset-password', '/tutor-invitation', '/newsletter/unsubscribe', '/newsletter/confirm', '/confirm-email', '/confirm-lesson-request']

// The catch-all serves every content page the same way: a few of them, and a URL that is none.
const CONTENT_SAMPLES = ['/about', '/students/faqs', '/no-such-page']

function pathsOf(route: Route) {
  if (route.id === 'routes/$') return CONTENT_SAMPLES
  return [route.pattern.replace(':id', route.id === 'routes/tutors.$id' ? 'amelia-hart' : '1')]
}

type Visitor = { name: string; cookie?: string }

type Seen = { status: number; cacheControl: string | undefined; setCookie: boolean; body: string }

// `enhanced` asks for the answer as data, as a hydrated page's form does (http/enhanced-post.ts).
async function visit(request: APIRequestContext, method: 'GET' | 'POST', url: string, visitor: Visitor, { enhanced = false } = {}): Promise<Seen> {
  const headers: Record<string, string> = visitor.cookie ? { Cookie: visitor.cookie } : {}
  const form = { name: 'Probe Person', email: `${PROBE}@example.com`, message: PROBE, token: PROBE, redirectTo: '/about', ...(enhanced ? { enhanced: '1' } : {}) }
  const response = method === 'GET' ? await request.get(url, { headers, maxRedirects: 0 }) : await request.post(url, { headers, maxRedirects: 0, form })
  return { status: response.status(), cacheControl: response.headers()['cache-control'], setCookie: 'set-cookie' in response.headers(), body: await response.text() }
}

function withQuery(path: string, query: Record<string, string>) {
  const url = new URL(path, 'http://site.invalid')
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.pathname + url.search
}

test('nothing that carries a token, a session or a form result is public; the rest is private unless its route says so', async ({ request, playwright, baseURL }) => {
  test.setTimeout(120_000)
  // Signed in elsewhere, so the signed-out visitor's cookie jar holds no session.
  const accounts = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientAddressOf('private-by-default accounts') } })
  const visitors: Visitor[] = [{ name: 'signed out' }, { name: 'family', cookie: (await newFamily(accounts)).cookie }, { name: 'staff', cookie: (await newStaff(accounts)).cookie }]
  await accounts.dispose()
  const routes = discoverRoutes().filter((route) => route.id !== 'routes/$' || route.pattern === '/about')
  const problems: string[] = []
  const table: string[] = ['| route | URL | signed out | family | staff |', '| --- | --- | --- | --- | --- |']

  const check = (what: string, visitor: Visitor, seen: Seen, { formResult = false } = {}) => {
    if (seen.cacheControl !== SHARED && seen.cacheControl !== PRIVATE) problems.push(`${what} (${visitor.name}): Cache-Control ${seen.cacheControl ?? 'missing'}`)
    if (seen.cacheControl !== SHARED) return
    if (visitor.cookie) problems.push(`${what}: public with a session`)
    if (formResult) problems.push(`${what}: a form result is public`)
    if (seen.setCookie) problems.push(`${what}: public and sets a cookie`)
    if (seen.status !== 200) problems.push(`${what}: public with status ${seen.status}`)
    if (seen.body.includes(PROBE)) problems.push(`${what}: public and carries the token`)
  }

  for (const route of routes) {
    for (const path of pathsOf(route)) {
      const url = withQuery(path, { token: PROBE })
      const cells: string[] = []
      for (const visitor of visitors) {
        const page = await visit(request, 'GET', url, visitor)
        check(`GET ${url}`, visitor, page)
        check(`GET ${url} data`, visitor, await visit(request, 'GET', withQuery(url, { _data: route.id }), visitor))
        if (TOKEN_PAGES.includes(path) && page.cacheControl !== PRIVATE) problems.push(`GET ${url} (${visitor.name}): a token page is not private`)
        cells.push(`${page.status} ${page.cacheControl === SHARED ? '**shared**' : page.cacheControl}`)
      }
      table.push(`| ${route.id} | ${path} | ${cells.join(' | ')} |`)
    }
  }

  // Form results last: the family and staff keep their sessions (no one posts to /logout signed in).
  for (const route of routes.filter((candidate) => candidate.hasAction)) {
    const path = pathsOf(route)[0]!
    for (const visitor of visitors) {
      if (route.id === 'routes/logout' && visitor.cookie) continue
      check(`POST ${path}`, visitor, await visit(request, 'POST', path, visitor), { formResult: true })
      check(`POST ${path} data`, visitor, await visit(request, 'POST', withQuery(path, { _data: route.id }), visitor), { formResult: true })
      // A page's script may also ask for data without `?_data`, as the promo banner's close does.
      check(`POST ${path} as data without _data`, visitor, await visit(request, 'POST', path, visitor, { enhanced: true }), { formResult: true })
    }
  }

  writeFileSync(test.info().outputPath('caching-table.md'), `${table.join('\n')}\n`)
  expect(problems).toEqual([])
  // And sharing still works where it should: the pages that are the same for every visitor.
  for (const path of ['/', '/about', '/tutors/find?subject=science', '/tutors/amelia-hart', '/classes', '/login', '/signup']) {
    expect((await visit(request, 'GET', path, visitors[0]!)).cacheControl, path).toBe(SHARED)
  }
})

// A cache keeps a copy for each URL: public at any query, a page could be copied into a cache once per
// request of a stranger's (`?x=1`, `?x=2`, …), pushing the real pages out.
test('a URL with query parameters the page does not read is the same page, rendered once, and public only at its own URL', async ({ request }) => {
  const plain = await request.get('/about')
  const tagged = await request.get('/about?utm_source=newsletter&x=1')
  expect(plain.headers()['cache-control']).toBe(SHARED)
  expect(tagged.headers()['cache-control']).toBe('private, no-store')
  expect(tagged.headers()['etag']).toBe(plain.headers()['etag'])
  expect(await tagged.text()).toBe(await plain.text())
  // The parameters a page reads are part of it, written as our links write them.
  const filtered = await request.get('/tutors/find?level=alevel&subject=science&utm_source=x')
  const canonical = await request.get('/tutors/find?subject=science&level=alevel')
  const reordered = await request.get('/tutors/find?level=alevel&subject=science')
  expect(filtered.headers()['etag']).toBe(canonical.headers()['etag'])
  expect(filtered.headers()['etag']).not.toBe((await request.get('/tutors/find')).headers()['etag'])
  expect([filtered, canonical, reordered].map((response) => response.headers()['cache-control'])).toEqual(['private, no-store', SHARED, 'private, no-store'])
  // A share card too (a resource route reads its query rewritten: nginx tells `%2f` from `%2F`, deploy/nginx.conf).
  const cards = ['?page=%2Fabout', '?page=%2Fabout&v=2'].map((query) => request.get(`/share-card.png${query}`))
  expect((await Promise.all(cards)).map((response) => response.headers()['cache-control'])).toEqual([SHARED, 'private, no-store'])
})
