// `npm run size`: what each route makes the browser download, as the production server
// sends it (gzip): the JavaScript (every module preload, fetched after the first paint, and
// module script), the CSS, and the HTML document, of which the loader data Remix hands to
// the browser for hydration.
import { get } from 'node:http'

import { ROUTES } from '../e2e/routes'

import { prepareSettings, startServer } from '../load/server'

const CONTENT_PAGE_JS_BUDGET_KB = 100
const FORM_PAGE_JS_BUDGET_KB = 110
const CSS_BUDGET_KB = 15
const CATCH_ALL_ROUTE_ID = 'routes/$'

// Bytes on the wire, compressed as sent: fetch() would decompress them.
function transferSize(url: string) {
  return new Promise<number>((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => (response.statusCode && response.statusCode < 400 ? resolve(bytes) : reject(new Error(`${url}: ${response.statusCode}`))))
    }).on('error', reject)
  })
}

function assetsOf(html: string) {
  const scripts = new Set<string>()
  for (const match of html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)) scripts.add(match[1]!)
  for (const match of html.matchAll(/<script[^>]* src="([^"]+)"/g)) scripts.add(match[1]!)
  for (const match of html.matchAll(/import[^"]*"(\/build\/[^"]+\.js)"/g)) scripts.add(match[1]!)
  const styles = new Set([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!))
  return { scripts: [...scripts], styles: [...styles] }
}

// Two budgets: a content page's, and a form page's (issue 27), since a page whose main content
// holds a form or the search, or whose route takes a form post (a reset or unsubscribe link that
// has expired still loads the form route's code), ships the validation and form code on top.
function isFormPage(html: string, routesWithAction: Set<string>) {
  const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? ''
  const context = JSON.parse(remixContext(html) || '{}') as { state?: { loaderData?: Record<string, unknown> } }
  const routeIds = Object.keys(context.state?.loaderData ?? {})
  return /<form\b/.test(main) || routeIds.some((id) => routesWithAction.has(id))
}

function remixContext(html: string) {
  return /<script[^>]*>window\.__remixContext = ([\s\S]*?);<\/script>/.exec(html)?.[1] ?? ''
}

async function routesWithAction(origin: string, html: string) {
  const manifestUrl = /"(\/build\/manifest-[^"]+\.js)"/.exec(html)?.[1]
  if (!manifestUrl) throw new Error('no Remix manifest in the page')
  const source = await (await fetch(origin + manifestUrl)).text()
  const manifest = JSON.parse(source.replace(/^window\.__remixManifest=/, '').replace(/;\s*$/, '')) as { routes: Record<string, { hasAction: boolean }> }
  // The catch-all's action only refuses posts to content pages (405) and to no page (404).
  return new Set(
    Object.entries(manifest.routes)
      .filter(([id, route]) => route.hasAction && id !== CATCH_ALL_ROUTE_ID)
      .map(([id]) => id),
  )
}

function loaderDataBytes(html: string) {
  return Buffer.byteLength(remixContext(html))
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1)

const server = await startServer(await prepareSettings('size'))
try {
  const assetSizes = new Map<string, number>()
  const sizeOf = async (asset: string) => {
    if (!assetSizes.has(asset)) assetSizes.set(asset, await transferSize(server.origin + asset))
    return assetSizes.get(asset)!
  }

  console.log('kB = 1,000 bytes as sent with gzip; the loader data column is uncompressed, and is part of the HTML')
  console.log(`${'route'.padEnd(34)}${'JS'.padStart(8)}${'files'.padStart(7)}${'CSS'.padStart(8)}${'HTML'.padStart(8)}${'raw HTML'.padStart(10)}${'loader data'.padStart(13)}`)
  let largestContentJs = { route: '', bytes: 0 }
  let largestFormJs = { route: '', bytes: 0 }
  let largestCss = 0
  let actionRoutes: Set<string> | undefined
  for (const route of ROUTES) {
    const response = await fetch(server.origin + route)
    const html = await response.text()
    const { scripts, styles } = assetsOf(html)
    const js = (await Promise.all(scripts.map(sizeOf))).reduce((sum, bytes) => sum + bytes, 0)
    const css = (await Promise.all(styles.map(sizeOf))).reduce((sum, bytes) => sum + bytes, 0)
    const document = await transferSize(server.origin + route)
    actionRoutes ??= await routesWithAction(server.origin, html)
    const withForm = isFormPage(html, actionRoutes)
    if (withForm && js > largestFormJs.bytes) largestFormJs = { route, bytes: js }
    if (!withForm && js > largestContentJs.bytes) largestContentJs = { route, bytes: js }
    largestCss = Math.max(largestCss, css)
    console.log(
      `${(withForm ? `${route} (form)` : route).padEnd(34)}${kB(js).padStart(8)}${String(scripts.length).padStart(7)}${kB(css).padStart(8)}${kB(document).padStart(8)}${kB(Buffer.byteLength(html)).padStart(10)}${kB(loaderDataBytes(html)).padStart(13)}`,
    )
  }
  const jsWithin = largestContentJs.bytes <= CONTENT_PAGE_JS_BUDGET_KB * 1000
  const formJsWithin = largestFormJs.bytes <= FORM_PAGE_JS_BUDGET_KB * 1000
  const cssWithin = largestCss <= CSS_BUDGET_KB * 1000
  console.log('')
  console.log(`content page with the most JavaScript: ${largestContentJs.route}, ${kB(largestContentJs.bytes)} kB (budget ${CONTENT_PAGE_JS_BUDGET_KB} kB): ${jsWithin ? 'within' : 'OVER'}`)
  console.log(`page with a form with the most JavaScript: ${largestFormJs.route}, ${kB(largestFormJs.bytes)} kB (budget ${FORM_PAGE_JS_BUDGET_KB} kB): ${formJsWithin ? 'within' : 'OVER'}`)
  console.log(`CSS: ${kB(largestCss)} kB (budget ${CSS_BUDGET_KB} kB): ${cssWithin ? 'within' : 'OVER'}`)
  process.exitCode = jsWithin && formJsWithin && cssWithin ? 0 : 1
} finally {
  await server.stop()
}
