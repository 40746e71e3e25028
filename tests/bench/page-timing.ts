// `npm run bench:timing`: what a visitor on a slow phone sees, from the production build, measured
// against what the same link allows, in one run and under the same throttling (Lighthouse's mobile
// preset: 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4x slower):
// - each page of the site: first contentful paint, largest contentful paint, when React has
//   hydrated it (the document's data-hydrated mark), and the total blocking time of long tasks from
//   the first paint to hydration;
// - the same page's own HTML and CSS, saved as static files with its scripts and script preloads
//   taken out: the soonest that page can paint on that link;
// - the bare Remix app's page, which sets the same mark: what hydration costs with the framework alone.
// Each is loaded TIMING_RUNS times (default 5) in a fresh browser context, the three kinds in turn,
// so the machine's drift falls on all alike; medians are printed, and the ratios the budgets are
// set in (issue 27): LCP ≤ 1.10× the static copy's, hydration ≤ 1.15× the bare app's, TBT ≤ 50 ms.
import { execSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'

import { chromium, type Browser, type Page } from '@playwright/test'

import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'

import { buildSite, freePort, prepareSettings, startServer } from '../load/server'

const RUNS = Number(process.env.TIMING_RUNS ?? 5)
const PAGES = (process.env.TIMING_PAGES ?? '/,/pricing,/login,/tutors/find,/tutors/amelia-hart').split(',')
const BUDGET = { lcpToStatic: 1.1, hydratedToBare: 1.15, tbtMs: 50 }

type Timing = { fcp: number; lcp: number; hydrated: number; tbt: number }

// Installed before any page script: records paints, long tasks and the hydration mark.
function observeLoad() {
  const timing = { lcp: 0, hydrated: 0, longTasks: [] as Array<{ start: number; duration: number }> }
  ;(window as unknown as { __timing: typeof timing }).__timing = timing
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) timing.lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) timing.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  // The <html> element does not exist yet when this runs, so the whole document is watched.
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.hydrated !== 'true') return
    timing.hydrated = performance.now()
    observer.disconnect()
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
}

/** One cold load of `url` on a throttled phone; `hydrates` is false for a static copy, which has no script. */
async function loadOnce(browser: Browser, url: string, hydrates: boolean): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
  try {
    const page: Page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.addInitScript(observeLoad)
    await page.goto(url, { waitUntil: 'load' })
    if (hydrates) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 })
    // Let the last long tasks and the final LCP candidate be reported.
    await page.waitForTimeout(500)
    return await page.evaluate(() => {
      const { lcp, hydrated, longTasks } = (window as unknown as { __timing: { lcp: number; hydrated: number; longTasks: Array<{ start: number; duration: number }> } }).__timing
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
      const end = hydrated || performance.now()
      const tbt = longTasks.filter((task) => task.start >= fcp && task.start <= end).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)
      return { fcp, lcp, hydrated, tbt }
    })
  } finally {
    await context.close()
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** A page as it would be with no JavaScript at all: its scripts and script preloads taken out. */
function withoutScripts(html: string) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '')
}

const TYPES: Record<string, string> = { '.css': 'text/css', '.woff2': 'font/woff2', '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.png': 'image/png', '.webp': 'image/webp' }

/**
 * Serves each page's static copy at the page's own path, and everything else from public/ (the
 * stylesheet, the font, images), Brotli-compressed when the browser asks, as the site sends them.
 */
async function startStaticCopies(copies: Map<string, string>) {
  const port = await freePort()
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://static.invalid')
    const copy = copies.get(pathname)
    const file = path.resolve('public', `.${pathname}`)
    const body = copy !== undefined ? Buffer.from(copy) : file.startsWith(path.resolve('public') + path.sep) ? await readFile(file).catch(() => null) : null
    if (!body) return response.writeHead(404).end()
    const type = copy !== undefined ? 'text/html; charset=utf-8' : (TYPES[path.extname(pathname)] ?? 'application/octet-stream')
    const compress = /br/.test(String(request.headers['accept-encoding'])) && /^(text|image\/svg)/.test(type)
    response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store', ...(compress ? { 'Content-Encoding': 'br' } : {}) })
    response.end(compress ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : body)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

buildSite()
execSync('npx remix build tests/bench/bare-remix', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
const site = await startServer(await prepareSettings('timing'))
const bareRemix = await startServer(await prepareSettings('timing-bare-remix'), 1, 'tests/bench/bare-remix')
let statics: Awaited<ReturnType<typeof startStaticCopies>> | undefined
let browser: Browser | undefined
try {
  const copies = new Map<string, string>()
  for (const page of PAGES) copies.set(new URL(page, site.origin).pathname, withoutScripts(await (await fetch(site.origin + page)).text()))
  statics = await startStaticCopies(copies)
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  const runs = new Map<string, { site: Timing[]; copy: Timing[] }>(PAGES.map((page) => [page, { site: [], copy: [] }]))
  const bare: Timing[] = []
  for (let run = 0; run < RUNS; run++) {
    bare.push(await loadOnce(browser, `${bareRemix.origin}/`, true))
    for (const page of PAGES) {
      runs.get(page)!.site.push(await loadOnce(browser, site.origin + page, true))
      runs.get(page)!.copy.push(await loadOnce(browser, statics.origin + new URL(page, site.origin).pathname, false))
    }
  }
  const of = (timings: Timing[], key: keyof Timing) => median(timings.map((timing) => timing[key]))
  const bareHydrated = of(bare, 'hydrated')
  console.log(`slow 4G (150 ms, 1.6 Mbps) and 4x CPU, 412x823, median of ${RUNS} cold loads of each, in turn; ms`)
  console.log(`${'page'.padEnd(22)}${'FCP'.padStart(7)}${'LCP'.padStart(7)}${'hydrated'.padStart(10)}${'TBT'.padStart(6)}${'static LCP'.padStart(12)}${'LCP ×'.padStart(8)}${'hydr. ×'.padStart(9)}`)
  const misses: string[] = []
  for (const [page, { site: timings, copy }] of runs) {
    const lcpRatio = of(timings, 'lcp') / of(copy, 'lcp')
    const hydratedRatio = of(timings, 'hydrated') / bareHydrated
    const tbt = of(timings, 'tbt')
    if (lcpRatio > BUDGET.lcpToStatic) misses.push(`${page} LCP ${lcpRatio.toFixed(2)}× its static copy's`)
    if (hydratedRatio > BUDGET.hydratedToBare) misses.push(`${page} hydrated at ${hydratedRatio.toFixed(2)}× the bare app's`)
    if (tbt > BUDGET.tbtMs) misses.push(`${page} TBT ${Math.round(tbt)} ms`)
    const ms = (value: number, width: number) => String(Math.round(value)).padStart(width)
    console.log(
      `${page.padEnd(22)}${ms(of(timings, 'fcp'), 7)}${ms(of(timings, 'lcp'), 7)}${ms(of(timings, 'hydrated'), 10)}${ms(tbt, 6)}${ms(of(copy, 'lcp'), 12)}${lcpRatio.toFixed(2).padStart(8)}${hydratedRatio.toFixed(2).padStart(9)}`,
    )
  }
  console.log(`${'bare Remix app /'.padEnd(22)}${String(Math.round(of(bare, 'fcp'))).padStart(7)}${String(Math.round(of(bare, 'lcp'))).padStart(7)}${String(Math.round(bareHydrated)).padStart(10)}${String(Math.round(of(bare, 'tbt'))).padStart(6)}`)
  console.log(`budgets: LCP ≤ ${BUDGET.lcpToStatic}× the static copy's, hydrated ≤ ${BUDGET.hydratedToBare}× the bare app's, TBT ≤ ${BUDGET.tbtMs} ms`)
  console.log(misses.length === 0 ? 'all met' : `missed: ${misses.join('; ')}`)
  process.exitCode = misses.length === 0 ? 0 : 1
} finally {
  await browser?.close()
  await statics?.stop()
  await site.stop()
  await bareRemix.stop()
}
