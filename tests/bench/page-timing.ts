// `npm run bench:timing`: what a visitor on a slow phone sees, from the production build.
// Each page is loaded TIMING_RUNS times (default 5) in a fresh browser context, throttled
// like Lighthouse's mobile preset (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4x
// slower), and the medians are printed: first contentful paint, largest contentful paint,
// when React has hydrated the page (the document's data-hydrated mark), and the total
// blocking time of long tasks from the first paint to hydration.
import { chromium, type Page } from '@playwright/test'

import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'

import { buildSite, prepareSettings, startServer } from '../load/server'

const RUNS = Number(process.env.TIMING_RUNS ?? 5)
const PAGES = (process.env.TIMING_PAGES ?? '/,/login,/tutors/find').split(',')

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

async function loadOnce(page: Page, url: string): Promise<Timing> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.addInitScript(observeLoad)
  await page.goto(url)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 })
  // Let the last long tasks and the final LCP candidate be reported.
  await page.waitForTimeout(500)
  return page.evaluate(() => {
    const { lcp, hydrated, longTasks } = (window as unknown as { __timing: { lcp: number; hydrated: number; longTasks: Array<{ start: number; duration: number }> } }).__timing
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
    const tbt = longTasks.filter((task) => task.start >= fcp && task.start <= hydrated).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)
    return { fcp, lcp, hydrated, tbt }
  })
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

buildSite()
const server = await startServer(await prepareSettings('timing'))
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
try {
  console.log(`slow 4G (150 ms, 1.6 Mbps) and 4x CPU, 412x823, median of ${RUNS} cold loads; ms`)
  console.log(`${'page'.padEnd(16)}${'FCP'.padStart(8)}${'LCP'.padStart(8)}${'hydrated'.padStart(10)}${'TBT'.padStart(8)}`)
  for (const path of PAGES) {
    const runs: Timing[] = []
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
      runs.push(await loadOnce(await context.newPage(), server.origin + path))
      await context.close()
    }
    const column = (key: keyof Timing, width: number) => String(Math.round(median(runs.map((timing) => timing[key])))).padStart(width)
    console.log(`${path.padEnd(16)}${column('fcp', 8)}${column('lcp', 8)}${column('hydrated', 10)}${column('tbt', 8)}`)
  }
} finally {
  await browser.close()
  await server.stop()
}
