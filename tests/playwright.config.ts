import { fileURLToPath } from 'node:url'

import { defineConfig, devices } from '@playwright/test'

import { CHROMIUM_ARGS, chromiumPath } from './e2e/chromium'
import { siteCookieValue } from './e2e/cookie-values'
import { SCHEDULING_PORT, SCHEDULING_SCRIPT_URL } from './e2e/scheduling'

const port = Number(process.env.E2E_PORT ?? 3100)
const brokenPort = Number(process.env.E2E_BROKEN_PORT ?? 3101)

// Most tests are a visitor who has already answered the cookie banner (and said no);
// the consent and accessibility tests start without an answer, so they see the banner.
const ANSWERED_COOKIE_BANNER = {
  cookies: [{ name: 'cookie_consent', value: siteCookieValue('rejected'), domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' as const }],
  origins: [],
}

function server(serverPort: number, env: Record<string, string>, stderr: 'pipe' | 'ignore' = 'pipe', readyPath = '/') {
  return {
    command: 'npx remix-serve build/index.js',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    url: `http://127.0.0.1:${serverPort}${readyPath}`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr,
    // Trusts one proxy, as behind nginx: each test sends its own client address (fixtures.ts).
    env: { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(serverPort), TRUST_PROXY: '1', OUTBOX_DIR: process.env.E2E_OUTBOX_DIR ?? 'data/e2e-outbox', ...env },
  }
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
    storageState: ANSWERED_COOKIE_BANNER,
  },
  projects: [
    { name: 'js', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } }, grepInvert: /@no-js-only/ },
    { name: 'no-js', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, javaScriptEnabled: false }, grep: /@no-js/ },
  ],
  webServer: [
    server(port, {
      // The PostgreSQL run (E2E_DATABASE_URL) serves the journeys from PostgreSQL; otherwise SQLite.
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : { DATABASE_PATH: process.env.E2E_DATABASE_PATH ?? 'data/e2e.db' }),
      SCHEDULING_SCRIPT_URL,
    }),
    {
      command: 'node tests/e2e/scheduling-stand-in.mjs',
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      url: `http://127.0.0.1:${SCHEDULING_PORT}/health`,
      reuseExistingServer: false,
      env: { PORT: String(SCHEDULING_PORT) },
    },
    server(
      brokenPort,
      {
        DATABASE_PATH: `${process.env.E2E_DATABASE_PATH ?? 'data/e2e.db'}-broken`,
        CONTENT_DIR: process.env.E2E_BROKEN_CONTENT ?? 'content',
      },
      // This server fails on purpose (its home page too); its logged errors are expected.
      'ignore',
      '/about',
    ),
  ],
})
