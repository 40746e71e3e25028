
import { expect, test } from './fixtures'
import { ROUTES } from './routes'


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
  expect([...seen.keys()].some((url) => url.startsWith('#') || url.endsWith('#'))).toBe(false)
})
