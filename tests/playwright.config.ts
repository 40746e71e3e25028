// The servers under test are started by `npm run test:e2e` (tests/tools/run-e2e.mjs), each on a port
// the system gave it, and named here by the environment it sets: E2E_PORT (the site on SQLite),
// E2E_POSTGRES_PORT (the site on PostgreSQL, for the journeys), E2E_BROKEN_PORT and E2E_SCHEDULING_PORT.
import { defineConfig, devices, type Project } from '@playwright/test'

import { CHROMIUM_ARGS, testChromiumPath } from './e2e/chromium'
import { siteCookieValue } from './e2e/cookie-values'
import type { SiteUnderTest } from './e2e/server-data'

if (!process.env.E2E_PORT && !process.env.E2E_POSTGRES_PORT) {
  throw new Error('Run the end-to-end tests with `npm run test:e2e` (arguments go to Playwright): it starts the servers they test.')
}

// Most tests are a visitor who has already answered the cookie banner (and said no);
// the consent and accessibility tests start without an answer, so they see the banner.
const ANSWERED_COOKIE_BANNER = {
  cookies: [{ name: 'cookie_consent', value: siteCookieValue('rejected'), domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' as const }],
  origins: [],
}

// The journeys that write (forms, accounts and a family's own account, class places, the office, a lesson to its end) run on PostgreSQL too.
const JOURNEYS = ['forms.spec.ts', 'accounts.spec.ts', 'account.spec.ts', 'classes.spec.ts', 'office.spec.ts', 'lessons.spec.ts']

/** The two projects of one site: with JavaScript, and without it for the tests tagged @no-js. */
function projectsOf(suffix: string, port: string, site: SiteUnderTest, testMatch?: string[]): Project[] {
  const use = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, baseURL: `http://127.0.0.1:${port}` }
  return [
    { name: `js${suffix}`, testMatch, metadata: site, use, grepInvert: /@no-js-only/ },
    { name: `no-js${suffix}`, testMatch, metadata: site, use: { ...use, javaScriptEnabled: false }, grep: /@no-js/ },
  ]
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  // Three workers on two cores: a test spends much of its time waiting on its server and browser, so a
  // third keeps both cores busy (measured: the whole run 11.9 min with three, 12.8 min with two).
  workers: 3,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
    storageState: ANSWERED_COOKIE_BANNER,
  },
  projects: [
    ...(process.env.E2E_PORT ? projectsOf('', process.env.E2E_PORT, { databasePath: process.env.E2E_DATABASE_PATH!, mailDir: process.env.E2E_MAIL_DIR!, smtpUrl: process.env.E2E_SMTP_URL! }) : []),
    ...(process.env.E2E_POSTGRES_PORT
      ? projectsOf('-postgres', process.env.E2E_POSTGRES_PORT, { databaseUrl: process.env.E2E_POSTGRES_DATABASE_URL!, mailDir: process.env.E2E_POSTGRES_MAIL_DIR!, smtpUrl: process.env.E2E_POSTGRES_SMTP_URL! }, JOURNEYS)
      : []),
  ],
})
