// `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) and axe over every
// route of the production build. Prints the Lighthouse table and rewrites docs/quality.md
// with both. Performance is the median of LIGHTHOUSE_RUNS runs (default 3), because
// simulated throttling makes single runs noisy; the other categories do not vary.
// LIGHTHOUSE_ROUTES=/,/login audits only those routes, with their LCP and TBT, and
// leaves docs/quality.md as it is.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { chromium, type Browser } from '@playwright/test'
import lighthouse from 'lighthouse'

import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium'
import { ROUTES } from '../e2e/routes'
import { seriousViolations } from '../e2e/axe'
import { parseMailMessage } from '../tools/mail-message'

import { freePort, prepareSettings, startServer, waitForAnswer, type ServerSettings } from '../load/server'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const ONLY_ROUTES = process.env.LIGHTHOUSE_ROUTES?.split(',')
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
// Performance is a floor, not a target (issue 27): what a visitor sees is measured by bench:timing.
const BUDGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }
const AXE_WIDTHS = [375, 1280]
// Lighthouse refuses to score a page that answers 404, so the 404 page gets axe only.
const NOT_FOUND_PAGE = '/no-such-page'

type Scores = Record<(typeof CATEGORIES)[number], number>
type RouteReport = { route: string; scores: Scores | null; noindex: boolean; shortfalls: string[]; axe: Record<number, string[]> }

async function startDebuggableChromium() {
  const port = await freePort()
  const profile = await mkdtemp(path.join(tmpdir(), 'lighthouse-profile-'))
  const child = spawn(chromiumPath(), [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' })
  await waitForAnswer(`http://127.0.0.1:${port}/json/version`)
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      await rm(profile, { recursive: true, force: true })
    },
  }
}

async function audit(url: string, port: number, cookie?: string) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  return result.lhr
}

type Report = Awaited<ReturnType<typeof audit>>

function score(report: Report, category: (typeof CATEGORIES)[number]) {
  if (category === 'seo' && asksNotToBeIndexed(report)) return seoOfUnindexedPage(report)
  return Math.round((report.categories[category]?.score ?? 0) * 100)
}

// A page of one person or one link's token, and an error page, tell search engines not to index
// them (root.tsx; the sitemap walk checks which do). Lighthouse's "Page is blocked from indexing"
// audit fails exactly that, so such a page's SEO is scored on the other audits, as Lighthouse
// weighs them, and the table marks it.
const INDEXING_AUDIT = 'is-crawlable'
const NOINDEX_MARK = '*'

function asksNotToBeIndexed(report: Report) {
  return report.audits[INDEXING_AUDIT]?.score === 0
}

function seoOfUnindexedPage(report: Report) {
  const counted = (report.categories.seo?.auditRefs ?? []).filter((ref) => ref.id !== INDEXING_AUDIT && ref.weight > 0 && typeof report.audits[ref.id]?.score === 'number')
  const weight = counted.reduce((sum, ref) => sum + ref.weight, 0)
  return Math.round((counted.reduce((sum, ref) => sum + ref.weight * report.audits[ref.id]!.score!, 0) / weight) * 100)
}

// The audits that cost points, so a shortfall says what to fix.
function shortfalls(report: Report, scores: Scores) {
  return CATEGORIES.filter((category) => scores[category] < BUDGETS[category]).flatMap((category) =>
    (report.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1 && !(ref.id === INDEXING_AUDIT && asksNotToBeIndexed(report)))
      .map((ref) => `${category}: ${report.audits[ref.id]?.title} (${report.audits[ref.id]?.displayValue ?? report.audits[ref.id]?.score})`),
  )
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function lighthouseRoute(origin: string, route: string, port: number, cookie?: string) {
  const reports: Report[] = []
  for (let run = 0; run < RUNS; run++) reports.push(await audit(origin + route, port, cookie))
  const first = reports[0]!
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, score(first, category)])) as Scores
  scores.performance = median(reports.map((report) => score(report, 'performance')))
  const medianRun = reports.find((report) => score(report, 'performance') === scores.performance) ?? first
  const metric = (id: string) => median(reports.map((report) => report.audits[id]?.numericValue ?? 0))
  return { scores, shortfalls: shortfalls(medianRun, scores), noindex: asksNotToBeIndexed(first), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time') }
}

/** The token of the `linkPath` link the site e-mailed to `email` (written to the outbox: the bench's site has no SMTP server). */
async function linkTokenTo(email: string, linkPath: string, serverSettings: ServerSettings) {
  const outbox = path.join(serverSettings.workDir, 'outbox')
  for (let wait = 0; wait < 100; wait++) {
    const files = await readdir(outbox).catch(() => [])
    for (const file of files.sort().reverse()) {
      const message = parseMailMessage(await readFile(path.join(outbox, file), 'utf8'))
      const token = message.header('To') === email ? new RegExp(`${linkPath}\\?token=(\\S+)`).exec(message.text)?.[1] : undefined
      if (token) return token
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no ${linkPath} link reached ${email} in 10 s`)
}

/**
 * Signs up a staff member as the site's owner makes one (the address proven with the e-mailed link,
 * then `npm run staff -- grant`), fills each inbox, and returns their session and the office's routes.
 */
async function signedInRoutes(origin: string, serverSettings: ServerSettings) {
  const post = (path: string, form: Record<string, string>, cookie = '') =>
    fetch(origin + path, { method: 'POST', body: new URLSearchParams(form), headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })
  const sessionOf = (response: Response) => /(__session=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!
  const staff = { name: 'Lee Staff', email: 'lighthouse-staff@example.com', password: 'secret123', confirmPassword: 'secret123' }
  const logIn = async () => sessionOf(await post('/login', { email: staff.email, password: staff.password, redirectTo: '/office' }))
  await post('/signup', staff)
  const confirmed = await post('/confirm-email', { token: await linkTokenTo(staff.email, '/confirm-email', serverSettings) }, await logIn())
  if (confirmed.headers.get('location') !== '/dashboard?notice=address-confirmed') throw new Error(`confirming the staff address answered ${confirmed.status}`)
  const database = serverSettings.database.engine === 'postgres' ? { DATABASE_URL: serverSettings.database.url } : { DATABASE_URL: '', DATABASE_PATH: serverSettings.database.file }
  execFileSync(process.execPath, ['build/staff-command.js', 'grant', staff.email], { env: { ...process.env, ...database }, stdio: 'inherit' })
  // Signed in again after the grant, as the new staff member would.
  const cookie = await logIn()
  await post('/contact', { name: 'Fay Family', email: 'fay@example.com', subject: 'General question', message: 'A question about GCSE lessons.' })
  const slot = /name="slot"[^>]*value="([^"]+)"/.exec(await (await fetch(`${origin}/tutors/bethan-lloyd`)).text())![1]!
  await post('/tutors/bethan-lloyd', { slot, name: 'Fay Family', email: 'fay@example.com', message: '' })
  // A signed-out request reaches the office once its address is proven by the e-mailed link (decision 021).
  const proved = await post('/confirm-lesson-request', { token: await linkTokenTo('fay@example.com', '/confirm-lesson-request', serverSettings) })
  if (proved.status >= 400) throw new Error(`confirming the lesson request answered ${proved.status}`)
  await post('/tutors/apply', { name: 'Tia Tutor', email: 'tia@example.com', subjects: 'Physics', levels: 'A-Level', experienceYears: '5', hasEquipment: 'yes', statement: 'I teach A-level physics with past papers and practical demonstrations.' })
  return {
    cookie,
    routes: ['/office', '/office/messages', '/office/messages/1', '/office/lessons', '/office/lessons/1', '/office/applications', '/office/applications/1', '/office/classes', '/office/tutors', '/office/newsletter', '/office/mail', '/dashboard'],
  }
}

async function axeRoute(browser: Browser, origin: string, route: string) {
  const found: Record<number, string[]> = {}
  for (const width of AXE_WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await page.goto(origin + route, { waitUntil: 'networkidle' })
    found[width] = (await seriousViolations(page)).map((violation) => violation.split(':')[0]!)
    await context.close()
  }
  return found
}

function qualityMarkdown(reports: RouteReport[], reference: Scores) {
  const cell = (ids: string[]) => (ids.length === 0 ? '0' : `**${ids.length}**: ${ids.join(', ')}`)
  const lines = [
    '# Quality: accessibility and Lighthouse, per route',
    '',
    'Written by `npm run lighthouse` against the production build; do not edit by hand.',
    '',
    `- **axe**: serious or critical violations of WCAG 2.2 AA rules (axe-core), at ${AXE_WIDTHS.join(' px and ')} px. Budget: 0.`,
    `- **Lighthouse 12**: mobile preset with simulated throttling; performance is the median of ${RUNS} runs. Budgets: performance ≥ ${BUDGETS.performance}, accessibility ${BUDGETS.accessibility}, best practices ${BUDGETS['best-practices']}, SEO ${BUDGETS.seo}.`,
    `- **SEO ${NOINDEX_MARK}**: the page asks search engines not to index it (a page of one person or one link's token, an error page), and is scored on the other SEO audits, without "Page is blocked from indexing".`,
    `- **Reference**, audited in the same run: a bare Remix v2 app serving a 32 KB page scored performance ${reference.performance}, accessibility ${reference.accessibility}, best practices ${reference['best-practices']}, SEO ${reference.seo}.`,
    '',
    `| Route | axe ${AXE_WIDTHS[0]} px | axe ${AXE_WIDTHS[1]} px | Performance | Accessibility | Best practices | SEO |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...reports.map(
      ({ route, scores, noindex, axe }) =>
        `| \`${route}\` | ${Object.keys(axe).length === 0 ? 'office-accessibility.spec' : cell(axe[AXE_WIDTHS[0]!] ?? [])} | ${Object.keys(axe).length === 0 ? 'office-accessibility.spec' : cell(axe[AXE_WIDTHS[1]!] ?? [])} | ${CATEGORIES.map((category) => (scores ? `${scores[category]}${category === 'seo' && noindex ? NOINDEX_MARK : ''}` : 'not scored (404)')).join(' | ')} |`,
    ),
  ]
  const withShortfalls = reports.filter((report) => report.shortfalls.length > 0)
  if (withShortfalls.length > 0) {
    lines.push('', '## Below budget', '')
    for (const report of withShortfalls) lines.push(`- \`${report.route}\`: ${report.shortfalls.join('; ')}`)
  }
  return `${lines.join('\n')}\n`
}

const settings = await prepareSettings('lighthouse')
const server = await startServer(settings)
const bareRemix = await startServer(await prepareSettings('lighthouse-bare-remix'), 1, 'tests/bench/bare-remix')
const browser = await startDebuggableChromium()
const axeBrowser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
try {
  const columns = (scores: Scores | null, noindex: boolean) =>
    CATEGORIES.map((category) => (scores ? `${scores[category]}${category === 'seo' && noindex ? NOINDEX_MARK : ''}` : '-').padStart(6)).join('')
  console.log(`Lighthouse 12, mobile preset, performance = median of ${RUNS} runs; axe at ${AXE_WIDTHS.join(' and ')} px`)
  console.log(`${'route'.padEnd(34)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'BP'.padStart(6)}${'SEO'.padStart(6)}${'axe'.padStart(6)}`)
  // The same audit of a bare Remix v2 app's 32 KB page, for what this machine allows.
  const reference = await lighthouseRoute(bareRemix.origin, '/', browser.port)
  console.log(`${'bare Remix v2 app (reference)'.padEnd(34)}${CATEGORIES.map((category) => String(reference.scores[category]).padStart(6)).join('')}`)
  const reports: RouteReport[] = []
  if (ONLY_ROUTES) {
    for (const route of ONLY_ROUTES) {
      const { scores, noindex, lcp, tbt } = await lighthouseRoute(server.origin, route, browser.port)
      console.log(`${route.padEnd(34)}${columns(scores, noindex)}   LCP ${Math.round(lcp)} ms, TBT ${Math.round(tbt)} ms (medians)`)
    }
  }
  for (const route of ONLY_ROUTES ? [] : [...ROUTES, NOT_FOUND_PAGE]) {
    const { scores, noindex, shortfalls: missed } = route === NOT_FOUND_PAGE ? { scores: null, noindex: true, shortfalls: [] } : await lighthouseRoute(server.origin, route, browser.port)
    const axe = await axeRoute(axeBrowser, server.origin, route)
    reports.push({ route, scores, noindex, shortfalls: missed, axe })
    const axeCount = Object.values(axe).reduce((sum, ids) => sum + ids.length, 0)
    console.log(`${route.padEnd(34)}${columns(scores, noindex)}${String(axeCount).padStart(6)}`)
    for (const line of missed) console.log(`    ${line}`)
  }
  // The pages behind a sign-in: the office and a staff member's dashboard, with something in every inbox.
  if (!ONLY_ROUTES) {
    const { cookie, routes } = await signedInRoutes(server.origin, settings)
    for (const route of routes) {
      const { scores, noindex, shortfalls: missed } = await lighthouseRoute(server.origin, route, browser.port, cookie)
      reports.push({ route: `${route} (staff)`, scores, noindex, shortfalls: missed, axe: {} })
      console.log(`${`${route} (staff)`.padEnd(34)}${columns(scores, noindex)}`)
      for (const line of missed) console.log(`    ${line}`)
    }
  }
  if (!ONLY_ROUTES) await writeFile('docs/quality.md', qualityMarkdown(reports, reference.scores))
  const failing = reports.filter(
    (report) =>
      CATEGORIES.some((category) => report.scores !== null && report.scores[category] < BUDGETS[category]) ||
      Object.values(report.axe).some((ids) => ids.length > 0),
  )
  console.log(`SEO ${NOINDEX_MARK}: the page asks not to be indexed, and is scored without Lighthouse's "Page is blocked from indexing"`)
  console.log('')
  console.log(`${ONLY_ROUTES ? 'docs/quality.md left as it was' : 'wrote docs/quality.md'}; ${failing.length === 0 ? 'every route meets every budget' : `below budget: ${failing.map((report) => report.route).join(', ')}`}`)
  process.exitCode = failing.length === 0 ? 0 : 1
} finally {
  await axeBrowser.close()
  await browser.stop()
  await Promise.all([server.stop(), bareRemix.stop()])
}
