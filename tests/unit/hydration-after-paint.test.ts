import { expect, test } from 'vitest'

import { withHydrationAfterFirstPaint } from '~/http/hydration-after-paint.server'

const NONCE = 'page-nonce'
const ENTRY = '/build/entry.client-AAAA.js'
const ROOT = '/build/root-BBBB.js'
const CHUNK = '/build/_shared/chunk-CCCC.js'
const MODULE_CODE = `;\nimport * as route0 from "${ROOT}";\nwindow.__remixRouteModules = {"root":route0};\n\nimport("${ENTRY}");`

// The end of a page as Remix's <Scripts> renders it.
function remixPage() {
  const preloads = [ENTRY, CHUNK, ROOT].map((href) => `<link rel="modulepreload" href="${href}"/>`).join('')
  return (
    `<!DOCTYPE html><html><head></head><body><main><p>Lessons</p></main>${preloads}` +
    `<script nonce="${NONCE}">window.__remixContext = {};</script>` +
    `<script nonce="${NONCE}" type="module" async="">${MODULE_CODE}</script></body></html>`
  )
}

test('a page asks the browser for no script until it has painted: no preload hint and no module script is live', () => {
  const html = withHydrationAfterFirstPaint(remixPage())
  expect(html).not.toContain('rel="modulepreload"')
  expect(html).not.toContain('type="module"')
  expect(html).toContain('<p>Lessons</p>')
})

test('each preload hint and the module code are kept, inert, where React expects them', () => {
  const html = withHydrationAfterFirstPaint(remixPage())
  for (const href of [ENTRY, CHUNK, ROOT]) expect(html).toContain(`<link data-modulepreload="${href}"/>`)
  expect(html).toContain(`<script nonce="${NONCE}" type="text/x-after-first-paint" async="">${MODULE_CODE}</script>`)
  expect(html.indexOf(MODULE_CODE)).toBeGreaterThan(html.indexOf('window.__remixContext'))
})

test('the script that runs them after the first contentful paint carries the page nonce and ends the body', () => {
  const html = withHydrationAfterFirstPaint(remixPage())
  const loader = /<script nonce="([^"]+)">(\(function [\s\S]*?)<\/script><\/body>/.exec(html)
  expect(loader?.[1]).toBe(NONCE)
  expect(loader?.[2]).toContain('first-contentful-paint')
  expect(loader?.[2]).toContain('"text/x-after-first-paint"')
})

test('a page without Remix scripts is left as it is', () => {
  const page = '<!DOCTYPE html><html><body><p>Not found</p></body></html>'
  expect(withHydrationAfterFirstPaint(page)).toBe(page)
})
