
import { readFileSync } from 'node:fs'

import { expect, test } from './fixtures'
import { ROUTES } from './routes'
import { checkStructuredData, typeOf, type StructuredItem } from './structured-data'


function internalLinks(html: string, from: string) {
  const links = new Set<string>()
  for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
    const url = new URL(href!.replaceAll('&amp;', '&'), `http://site${from}`)
    if (url.host !== 'site') continue
    links.add(url.pathname + url.search)
  }
  return links
}

test('every route of the route table answers 200 with its own title, h1 and description', async ({ request }) => {
  for (const route of ROUTES) {
    const response = await request.get(route)
    expect(response.status(), route).toBe(200)
    const html = await response.text()
    expect(html, route).toMatch(/<title>[^<]+<\/title>/)
    if (route !== '/') expect(html, route).toMatch(/<title>[^<]+ \| Brightwell Tutoring<\/title>/)
    expect(html, route).toMatch(/<meta name="description" content="[^"]+"/)
    expect(html, route).toMatch(/<h1[\s>]/)
  }
})

test('no internal link on any page is dead', async ({ request }) => {
  const seen = new Map<string, string>()
  const queue = ROUTES.map((route) => ({ url: route, from: '(route table)' }))
  const dead: string[] = []
  while (queue.length > 0) {
    const { url, from } = queue.shift()!
    if (seen.has(url)) continue
    seen.set(url, from)
    const response = await request.get(url, { maxRedirects: 0 })
    if (response.status() >= 400) {
      dead.push(`${url} (${response.status()}) linked from ${from}`)
      continue
    }
    if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue
    const path = new URL(response.url()).pathname
    for (const link of internalLinks(await response.text(), path)) {
      if (!seen.has(link)) queue.push({ url: link, from: url })
    }
  }
  expect(dead).toEqual([])
  expect(seen.size).toBeGreaterThan(ROUTES.length)
  // A page is public only at its URL as URLSearchParams writes its query (http/cache-control.server.ts):
  // a link written otherwise (`?subject=Safeguarding%20concern`) would reach a copy no cache may keep.
  const unlike = [...seen.keys()].filter((url) => {
    const { pathname, search, hash } = new URL(url, 'http://localhost')
    return search !== '' && url !== `${pathname}?${new URLSearchParams(search)}${hash}`
  })
  expect(unlike).toEqual([])
  expect([...seen.keys()].some((url) => url.startsWith('#') || url.endsWith('#'))).toBe(false)
})

// Issue 31, points 1 and 2. The server under test names itself SITE_URL=http://brightwell.test.
const SITE_URL = 'http://brightwell.test'

test('robots.txt lets the public site be crawled, keeps out personal and token pages, and names the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8')
  expect(response.headers()['cache-control']).toMatch(/^public, /)
  const lines = (await response.text()).split('\n')
  expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /office', 'Disallow: /dashboard', 'Disallow: /account', 'Disallow: /reset-password', 'Disallow: /confirm-email', 'Disallow: /tutor-invitation', `Sitemap: ${SITE_URL}/sitemap.xml`]))
})

/** The size a PNG's header states: width and height, the IHDR chunk's first two numbers. */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

// The catalogue's profiles, each of which the sitemap lists.
const PROFILE_PATHS = (JSON.parse(readFileSync('content/tutors/tutors.json', 'utf8')) as Array<{ id: string }>).map((tutor) => `/tutors/${tutor.id}`)

/**
 * Issue 31, point 4: what each kind of page tells search engines, beyond what the validator checks.
 * Every page with breadcrumbs (all but the home page) has them as a BreadcrumbList that ends at itself.
 */
function structuredDataProblems(path: string, html: string, items: StructuredItem[]): string[] {
  const problems: string[] = []
  const ofType = (type: string) => items.filter((item) => typeOf(item) === type)
  const expectCount = (type: string, count: number) => {
    if (ofType(type).length !== count) problems.push(`${ofType(type).length} ${type}, expected ${count}`)
  }
  if (path !== '/') {
    expectCount('BreadcrumbList', 1)
    const crumbs = (ofType('BreadcrumbList')[0]?.itemListElement ?? []) as Array<{ item: string }>
    if (crumbs.at(0)?.item !== `${SITE_URL}/` || crumbs.at(-1)?.item !== `${SITE_URL}${path}`) problems.push(`breadcrumbs ${crumbs.map((crumb) => crumb.item).join(' > ')}`)
  }
  expectCount('EducationalOrganization+LocalBusiness', path === '/' || path === '/contact' ? 1 : 0)
  const business = ofType('EducationalOrganization+LocalBusiness')[0]
  if (business && (business.openingHoursSpecification as unknown[]).length !== 2) problems.push('the business has not its two rows of opening hours')
  // One question per answer the page shows, one event per session it lists, one person on a profile.
  expectCount('FAQPage', html.includes('<details name="faqs-') ? 1 : 0)
  const questions = (ofType('FAQPage')[0]?.mainEntity ?? []) as unknown[]
  if (questions.length !== (html.match(/<details name="faqs-/g) ?? []).length) problems.push(`${questions.length} questions`)
  const sessionCount = Number(/(\d+) sessions? in the next two weeks/.exec(html)?.[1] ?? 0)
  expectCount('EducationEvent', path === '/classes' ? sessionCount : 0)
  for (const event of ofType('EducationEvent')) {
    if (typeof event.remainingAttendeeCapacity !== 'number' || typeof event.isAccessibleForFree !== 'boolean') problems.push(`event ${String(event.name)} lacks its places or price`)
  }
  if (path === '/classes' && sessionCount === 0) problems.push('no sessions to check')
  expectCount('Person', PROFILE_PATHS.includes(path) ? 1 : 0)
  for (const person of ofType('Person')) if (!person.makesOffer) problems.push('a tutor without the offer of lessons')
  return problems.map((problem) => `${path}: ${problem}`)
}

test('the sitemap lists every public page and tutor, none of the personal ones, and each answers 200 with itself as canonical, its share card and valid structured data', async ({ request }) => {
  test.setTimeout(120_000)
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8')
  expect(response.headers()['cache-control']).toMatch(/^public, /)
  const xml = await response.text()
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!)
  const lastModified = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map(([, date]) => date!)
  expect(lastModified).toHaveLength(urls.length)
  for (const date of lastModified) expect(new Date(date).toISOString()).toBe(date)
  const paths = urls.map((url) => url.slice(SITE_URL.length))
  expect(urls.every((url) => url.startsWith(`${SITE_URL}/`))).toBe(true)
  // Every route of the table but the error page and the pages that open with a link's token.
  for (const route of ROUTES.filter((route) => !route.includes('?') && route !== '/500')) expect(paths, route).toContain(route)
  for (const profile of PROFILE_PATHS) expect(paths).toContain(profile)
  for (const personal of ['/office', '/dashboard', '/account', '/confirm-email', '/reset-password', '/tutor-invitation', '/newsletter/unsubscribe', '/newsletter/confirm', '/confirm-lesson-request']) expect(paths).not.toContain(personal)
  const wrong: string[] = []
  for (const path of paths) {
    const page = await request.get(path, { maxRedirects: 0 })
    const html = await page.text()
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
    if (page.status() !== 200 || canonical !== `${SITE_URL}${path}`) wrong.push(`${path}: ${page.status()}, canonical ${canonical}`)
    // The share card: Open Graph and Twitter tags, and a generated 1200×630 PNG at the image's address.
    const tag = (property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&')
    const missing = ['og:title', 'og:description', 'og:type', 'og:site_name', 'og:image:alt'].filter((property) => !tag(property))
    if (missing.length || tag('og:url') !== `${SITE_URL}${path}` || tag('twitter:card') !== 'summary_large_image') wrong.push(`${path}: share tags ${missing.join(', ')} ${tag('og:url')}`)
    const image = tag('og:image') ?? ''
    expect(image.startsWith(`${SITE_URL}/share-card.png?`), path).toBe(true)
    const png = await request.get(image.slice(SITE_URL.length))
    if (png.status() !== 200 || png.headers()['content-type'] !== 'image/png') wrong.push(`${path}: share card ${png.status()} ${png.headers()['content-type']}`)
    else expect(pngSize(await png.body()), path).toEqual({ width: 1200, height: 630 })
    // Structured data: 0 errors, no property schema.org does not know; only fields Google merely recommends may be missing.
    const { items, errors, warnings } = await checkStructuredData(html)
    for (const issue of [...errors, ...warnings.filter((warning) => !warning.issueMessage.endsWith('(optional)'))]) wrong.push(`${path}: ${issue.severity} ${issue.rootType}: ${issue.issueMessage}`)
    wrong.push(...structuredDataProblems(path, html, items))
  }
  expect(wrong).toEqual([])
  // Only public pages have a card.
  for (const path of ['/dashboard', '/account', '/office', '/no-such-page', '/tutors/no-such-tutor']) {
    expect((await request.get(`/share-card.png?${new URLSearchParams({ page: path })}`)).status(), path).toBe(404)
  }
})

test('a page carries one canonical URL whatever its query or spelling; personal, token, error and text-search pages carry noindex instead', async ({ request }) => {
  const canonicalOf = async (path: string) => /<link rel="canonical" href="([^"]+)"/.exec(await (await request.get(path)).text())?.[1]?.replaceAll('&amp;', '&')
  expect(await canonicalOf('/pricing?utm_source=newsletter&ref=x')).toBe(`${SITE_URL}/pricing`)
  expect(await canonicalOf('/tutors/find?sort=rating&utm_campaign=x&level=igcse&subject=math&nonsense=1')).toBe(`${SITE_URL}/tutors/find?subject=math&level=igcse&sort=rating`)
  // The router matches paths in any case: another spelling names the page's own path, as og:url does.
  expect(await canonicalOf('/TUTORS/amelia-hart')).toBe(`${SITE_URL}/tutors/amelia-hart`)
  expect(await canonicalOf('/Contact/')).toBe(`${SITE_URL}/contact`)
  // A search by typed text carries the visitor's words in its address: anyone could link search
  // engines to pages of their own text (`?q=cheap essays at spam.example`).
  for (const path of ['/confirm-email?token=nothing', '/reset-password?token=nothing', '/tutor-invitation?token=nothing', '/no-such-page', '/tutors/no-such-tutor', '/tutors/find?q=cheap%20essays%20at%20spam.example', '/tutors/%61melia-hart']) {
    const html = await (await request.get(path)).text()
    expect(html, path).toContain('<meta name="robots" content="noindex"/>')
    expect(html, path).not.toContain('rel="canonical"')
  }
})

