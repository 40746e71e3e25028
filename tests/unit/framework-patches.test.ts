// Each versioned patch of the framework (deploy/patches) exists because the package, as published,
// gets something wrong that a client can trigger. These tests undo each patch on a copy of the
// installed package and show the published behaviour is still wrong: when a new release fixes it
// upstream, the test fails and says the patch can go.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { expect, test } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const PATCHES = path.join(ROOT, 'deploy/patches')
const require = createRequire(import.meta.url)

/** The patch file for a package, found by patch-package's naming (`@scope+name+version.patch`). */
function patchOf(packageName: string) {
  const prefix = `${packageName.replace('/', '+')}+`
  const file = readdirSync(PATCHES).find((name) => name.startsWith(prefix))
  if (!file) throw new Error(`no patch for ${packageName} in deploy/patches`)
  return path.join(PATCHES, file)
}

/**
 * A copy of the installed package with its patch taken out again, as npm publishes it. The copy
 * sits under node_modules, so its own dependencies resolve to the installed ones.
 */
function unpatchedCopy(packageName: string) {
  const copyRoot = path.join(ROOT, 'node_modules/.cache/unpatched', packageName.replace('/', '+'))
  rmSync(copyRoot, { recursive: true, force: true })
  const copy = path.join(copyRoot, 'node_modules', packageName)
  mkdirSync(path.dirname(copy), { recursive: true })
  cpSync(path.join(ROOT, 'node_modules', packageName), copy, { recursive: true })
  execFileSync('git', ['apply', '--reverse', `--directory=${path.relative(ROOT, copyRoot)}`, patchOf(packageName)], { cwd: ROOT })
  return copy
}

// The smallest build Remix's request handler serves: one route with a page and an action.
const build = {
  mode: 'production',
  future: {},
  publicPath: '/build/',
  assetsBuildDirectory: 'public/build',
  isSpaMode: false,
  assets: { url: '/build/manifest.js', version: '1', entry: { module: '/build/entry.js', imports: [] }, routes: {} },
  entry: { module: { default: (_request: Request, status: number) => new Response('<!DOCTYPE html><title>page</title>', { status, headers: { 'Content-Type': 'text/html' } }) } },
  routes: { root: { id: 'root', path: '', module: { default: () => null, action: () => null } } },
}

type RequestHandler = (request: Request) => Promise<Response>

function handlerFrom(serverRuntime: string): RequestHandler {
  const { createRequestHandler } = require(serverRuntime) as { createRequestHandler: (build: unknown, mode: string) => RequestHandler }
  return createRequestHandler(build, 'test')
}

const crossSitePost = () => new Request('http://localhost/', { method: 'POST', headers: { Origin: 'https://elsewhere.example', Host: 'localhost', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' })

test('@remix-run/server-runtime still answers a cross-site page post with 500 as published, and 403 as patched (decision 007, remix-run/remix#11033)', async () => {
  const published = handlerFrom(unpatchedCopy('@remix-run/server-runtime'))
  const patched = handlerFrom('@remix-run/server-runtime')
  // The minimal build serves a page and takes a same-origin post through both.
  expect((await published(new Request('http://localhost/'))).status).toBe(200)
  expect((await patched(new Request('http://localhost/', { method: 'POST', headers: { Origin: 'http://localhost', Host: 'localhost', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' }))).status).toBe(200)

  expect((await patched(crossSitePost())).status).toBe(403)
  const upstream = (await published(crossSitePost())).status
  expect(upstream, `Remix now answers a cross-site post with ${upstream} itself: remove deploy/patches' server-runtime patch and decision 007`).toBe(500)
})

type ExpressHandler = (req: unknown, res: unknown, next: (error?: unknown) => void) => Promise<void>

/** What Express hands the handler for a request whose Host header the URL parser refuses. */
function requestWithHost(host: string) {
  const headers: Record<string, string> = { host }
  const req = { protocol: 'http', originalUrl: '/', url: '/', method: 'GET', headers, get: (name: string) => headers[name.toLowerCase()] }
  const sent: { status?: number } = {}
  const res = {
    on: () => res,
    status: (code: number) => ((sent.status = code), res),
    set: () => res,
    type: () => res,
    send: () => res,
  }
  return { req, res, sent }
}

test('@remix-run/express still passes a request with an unparsable Host on as an error (a 500) as published, and answers 400 as patched (decision 014)', async () => {
  const handlerOf = (express: string) => (require(express) as { createRequestHandler: (options: { build: unknown; mode: string }) => ExpressHandler }).createRequestHandler({ build, mode: 'test' })
  const published = handlerOf(unpatchedCopy('@remix-run/express'))
  const patched = handlerOf('@remix-run/express')

  const asPatched = requestWithHost('localhost:99999')
  let patchedError: unknown
  await patched(asPatched.req, asPatched.res, (error) => (patchedError = error))
  expect(patchedError).toBeUndefined()
  expect(asPatched.sent.status).toBe(400)

  const asPublished = requestWithHost('localhost:99999')
  let publishedError: unknown
  await published(asPublished.req, asPublished.res, (error) => (publishedError = error))
  expect(publishedError, 'Remix now handles an unparsable Host itself: remove deploy/patches\' express patch and its part of decision 014').toBeInstanceOf(TypeError)
})
