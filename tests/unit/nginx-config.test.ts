// deploy/nginx.conf's own rules, with two stand-in app processes behind it that count what reaches
// them: what nginx limits and refuses must not be passed by another method, a path under /build/,
// or a backslash that the app's URL parser reads as a slash; and a shared page is served stale only
// as long as the app's header allows.
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, expect, test } from 'vitest'

import { freePort, waitForAnswer } from '../load/server'
import { deployNginxConfig, ensureDebianTool, startNginx } from '../tools/nginx'

const reached: string[] = []
const apps: Server[] = []
let nginx: ReturnType<typeof startNginx>
let dir: string
let edge: { port: number }

// A page that is one visitor's, answered only once all its 30 readers are in hand (see the test).
const PRIVATE_PAGE = '/dashboard'
const held: Array<() => void> = []

// Shared pages, fresh for a second, that say which answer of the app they are; the first may be served
// stale for a minute after that while nginx asks again, the second not at all.
const SHARED_PAGES: Record<string, string> = {
  '/may-be-stale': 'public, max-age=0, s-maxage=1, stale-while-revalidate=60',
  '/tells-the-time': 'public, max-age=0, s-maxage=1, stale-while-revalidate=0, stale-if-error=86400',
}
let answers = 0
// A page that says what Host the app was given.
const HOST_PAGE = '/host'
// A shared page, a built script, files the app serves alike whatever their query, and a share card,
// each kept for long: how many times the app was asked for each. The app reads a resource route's query
// as URLSearchParams rewrites it (`?&` is no query, `%2f` is `%2F`), so only the edge sees it as written.
const KEPT_PAGE = '/kept'
const BUILT_SCRIPT = '/build/root-ABC123.js'
const FILES = ['/fonts/inter-latin.woff2', '/avatars/amelia-hart.svg', '/favicon.ico', '/robots.txt', '/sitemap.xml']
const SHARE_CARD = '/share-card.png'
const asked: Record<string, number> = Object.fromEntries([KEPT_PAGE, BUILT_SCRIPT, ...FILES, SHARE_CARD].map((path) => [path, 0]))

function startApp() {
  const app = createServer((incoming, answer) => {
    incoming.resume()
    incoming.on('end', () => {
      reached.push(`${incoming.method} ${incoming.url}`)
      const pathname = (incoming.url ?? '').split('?')[0]!
      if (pathname in asked) {
        asked[pathname]!++
        const cacheControl = pathname === KEPT_PAGE ? 'public, max-age=0, s-maxage=300' : 'public, max-age=31536000, immutable'
        return answer.writeHead(200, { 'Cache-Control': cacheControl, 'Content-Type': 'text/plain' }).end(pathname)
      }
      if (incoming.url === HOST_PAGE) return answer.writeHead(200, { 'Cache-Control': 'private, no-store', 'Content-Type': 'text/plain' }).end(incoming.headers.host ?? '(none)')
      const shared = SHARED_PAGES[incoming.url ?? '']
      if (shared) return answer.writeHead(200, { 'Cache-Control': shared, 'Content-Type': 'text/plain' }).end(`answer ${++answers}`)
      const send = () => answer.writeHead(200, { 'Cache-Control': 'private, no-store', 'Content-Type': 'text/plain' }).end('ok')
      if (incoming.url !== PRIVATE_PAGE) return send()
      held.push(send)
      if (held.length === 30) held.splice(0).forEach((release) => release())
    })
  })
  return new Promise<number>((resolve) => app.listen(0, '127.0.0.1', () => resolve((app.address() as AddressInfo).port))).finally(() => apps.push(app))
}

beforeAll(async () => {
  const nginxPath = ensureDebianTool('nginx', 'nginx')
  dir = await mkdtemp(path.join(tmpdir(), 'brightwell-nginx-'))
  edge = { port: await freePort() }
  const config = await deployNginxConfig(dir, { nginx: edge.port, apps: [await startApp(), await startApp()] })
  nginx = startNginx(nginxPath, config, dir)
  await waitForAnswer(`http://127.0.0.1:${edge.port}/`, () => {
    if (nginx.process.exitCode !== null) throw new Error(`nginx exited with ${nginx.process.exitCode}`)
  })
})

afterAll(async () => {
  await nginx?.stop()
  await Promise.all(apps.map((app) => new Promise((resolve) => app.close(resolve))))
  if (dir) await rm(dir, { recursive: true, force: true })
})

/**
 * One request through nginx from `client` (as a CDN in front would report it), with the path sent exactly
 * as written, on a connection of its own: one kept from an earlier test's refused post may be closing as
 * it is reused, and the request then fails with "socket hang up" (a clean-clone run did).
 */
function send(method: string, rawPath: string, client: string, host = `127.0.0.1:${edge.port}`) {
  return new Promise<number>((resolve, reject) => {
    request({ host: '127.0.0.1', port: edge.port, method, path: rawPath, agent: false, headers: { Host: host, 'X-Forwarded-For': client, 'Content-Type': 'application/x-www-form-urlencoded' } }, (answer) => {
      answer.resume()
      answer.on('end', () => resolve(answer.statusCode ?? 0))
    })
      .on('error', reject)
      .end(method === 'GET' || method === 'HEAD' ? undefined : 'name=x')
  })
}

/** 30 requests at once from one client: a burst of 20 passes, then 2 a second. */
const thirtyAtOnce = (method: string, rawPath: string, client: string) => Promise.all(Array.from({ length: 30 }, () => send(method, rawPath, client)))

// With proxy_cache_lock, nginx held every read of a URL while one was answered, and a private answer
// is never stored, so the next took the lock in its turn: 30 families opening /dashboard at once
// waited for the lock's 5 s timeout. Here the app answers none until all 30 have reached it, so the
// test ends (well before that timeout) only if nginx passes them on together.
test('30 reads of a private page at once all reach the app together', { timeout: 4_000 }, async () => {
  expect(await thirtyAtOnce('GET', PRIVATE_PAGE, '10.0.1.1')).toEqual(Array(30).fill(200))
})

test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('30 %s requests at once from one client meet the limit on posts', async (method) => {
  const statuses = await thirtyAtOnce(method, '/contact', `10.0.2.${method.length}`)
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5)
})

test('posts to a path under /build/ meet the same limit', async () => {
  const statuses = await thirtyAtOnce('POST', '/build/..%5Ccontact', '10.0.3.1')
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5)
})

test("a backslash in the path, which the app's URL parser reads as a slash, is refused before the app", async () => {
  const before = reached.length
  for (const rawPath of ['/build/..\\login', '/\\\\example.com', '/tutors\\\\\\\\\\find']) expect(await send('POST', rawPath, '10.0.4.1'), rawPath).toBe(404)
  expect(reached.slice(before)).toEqual([])
})

// The app refuses a post whose Origin names another host than the request's (app/forms/pipeline.server.ts),
// port included: with nginx's $host, which drops the port, every browser's post to a site on a port
// of its own (8080, a staging server) was refused as cross-site.
test('the app is given the Host the browser sent, port included, so its Origin matches', async () => {
  expect(await (await fetch(`http://127.0.0.1:${edge.port}${HOST_PAGE}`)).text()).toBe(`127.0.0.1:${edge.port}`)
})

// How stale a shared page may be is the app's to say (its stale-while-revalidate), not nginx's: with
// `proxy_cache_use_stale updating`, the first visitor after a quiet night was served the copy kept the
// evening before, whose "Today" was yesterday. The wait is the pages' one second of
// freshness running out (nginx counts whole seconds, and an entry is fresh through its last one).
test("a shared page is served stale only within its own stale-while-revalidate", async () => {
  const read = async (page: string) => {
    const answer = await fetch(`http://127.0.0.1:${edge.port}${page}`)
    return { body: await answer.text(), cache: answer.headers.get('X-Cache-Status') }
  }
  const first = { stale: await read('/may-be-stale'), timely: await read('/tells-the-time') }
  expect([first.stale.cache, first.timely.cache]).toEqual(['MISS', 'MISS'])
  await new Promise((resolve) => setTimeout(resolve, 2_100))
  expect(await read('/may-be-stale')).toEqual({ body: first.stale.body, cache: 'STALE' })
  const timely = await read('/tells-the-time')
  expect(timely.cache).toBe('EXPIRED')
  expect(timely.body).not.toBe(first.timely.body)
})

// The cache keeps one copy of each thing the app serves alike to everyone: a stranger who names a new
// Host (any name reaches this server) or adds a query to a built file's name (which has its hash in it)
// for each request would otherwise fill the cache with copies, and push the real pages out.
test('a page is kept once whatever Host names it, and a built file once whatever query follows it', async () => {
  for (const host of ['a.example', 'b.example', 'c.example']) expect(await send('GET', KEPT_PAGE, '10.0.5.1', host)).toBe(200)
  for (const query of ['', '?v=1', '?v=2']) expect(await (await fetch(`http://127.0.0.1:${edge.port}${BUILT_SCRIPT}${query}`)).text()).toBe(BUILT_SCRIPT)
  expect([asked[KEPT_PAGE], asked[BUILT_SCRIPT]]).toEqual([1, 1])
})

test('a file the app serves alike whatever its query is kept once; a share card only at its query as our pages write it', async () => {
  for (const file of FILES) {
    for (const query of ['', '?v=1', '?&', '?%26']) expect(await send('GET', `${file}${query}`, '10.0.6.1'), `${file}${query}`).toBe(200)
  }
  expect(FILES.map((file) => asked[file])).toEqual(FILES.map(() => 1))
  // The card as og:image names it is kept; any other spelling of the same query goes to the app each time.
  const cards = ['?page=%2Fabout', '?page=%2Fservices%2Fhow-booking-works', '?page=%2F']
  for (const query of [...cards, ...cards]) expect(await send('GET', `${SHARE_CARD}${query}`, '10.0.6.2'), query).toBe(200)
  expect(asked[SHARE_CARD]).toBe(cards.length)
  for (const query of ['?page=%2fabout', '?page=/about', '?page=%2Fabout&', '?page=%2F%61bout', '?page=%2Fabout&v=1']) {
    for (let twice = 0; twice < 2; twice++) expect(await send('GET', `${SHARE_CARD}${query}`, '10.0.6.2'), query).toBe(200)
  }
  expect(asked[SHARE_CARD]).toBe(cards.length + 10)
})
