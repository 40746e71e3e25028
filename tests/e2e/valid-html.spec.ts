import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { APIRequestContext } from '@playwright/test'

import { newFamily, PASSWORD } from './accounts'
import { siteCookieValue } from './cookie-values'
import { expect, test } from './fixtures'
import { ROUTES } from './routes'
import { mailsTo, uniqueEmail } from './server-data'

// The package's default export is the path of the Nu Html Checker's jar.
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'))

// The banner is part of the page until it is answered, so both kinds of visitor are checked.
const VISITORS = [
  { name: 'first visit', cookie: '' },
  { name: 'banner answered', cookie: `cookie_consent=${siteCookieValue('rejected')}` },
]

type VnuMessage = { type: string; url?: string; firstLine?: number; lastLine?: number; firstColumn?: number; message: string }

/** The checker's JSON report (it writes it to stderr); anything else means it did not run. */
function readMessages(report: string) {
  try {
    return (JSON.parse(report) as { messages: VnuMessage[] }).messages.filter((message) => message.type !== 'info')
  } catch {
    throw new Error(`The Nu Html Checker did not report: ${report}`)
  }
}

function hasJava() {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0
}

/** Pages behind a sign-in, as a family sees them: /account and /dashboard, and the second step of deleting and of cancelling (the answer to the first). */
async function signedInPages(request: APIRequestContext) {
  const { cookie, email } = await newFamily(request, { name: 'Vera Valid' })
  const headers = { Cookie: `${cookie}; cookie_consent=${siteCookieValue('rejected')}` }
  const account = await request.get('/account', { headers })
  const deletionStep = await request.post('/account?intent=delete', { form: { currentPassword: PASSWORD }, headers })
  expect(await deletionStep.text()).toContain('Yes, Delete My Account')
  // A lesson request on the dashboard, with its Cancel button, and the step that asks to confirm it.
  const slot = /name="slot"[^>]*value="([^"]+)"/.exec(await (await request.get('/tutors/bethan-lloyd')).text())![1]!
  await request.post('/tutors/bethan-lloyd', { form: { slot, name: 'Vera Valid', email, message: '' }, headers })
  const dashboard = await (await request.get('/dashboard', { headers })).text()
  const requestId = /name="request" value="(\d+)"/.exec(dashboard)![1]!
  const cancelStep = await request.post('/dashboard?intent=cancel', { form: { request: requestId }, headers })
  expect(await cancelStep.text()).toContain('Yes, Withdraw the Request')
  return [
    { label: '/account (a family)', html: await account.text() },
    { label: '/account, deleting: the confirmation step', html: await deletionStep.text() },
    { label: '/dashboard (a family with a lesson request)', html: dashboard },
    { label: '/dashboard, cancelling: the confirmation step', html: await cancelStep.text() },
  ]
}

/** The pages behind the links e-mailed to an address typed in a form, asking, as their owner first opens them. */
async function emailedLinkPages(request: APIRequestContext) {
  const email = uniqueEmail('valid-links')
  const slot = /name="slot"[^>]*value="([^"]+)"/.exec(await (await request.get('/tutors/bethan-lloyd')).text())![1]!
  await request.post('/tutors/bethan-lloyd', { form: { slot, name: 'Vera Valid', email, message: '' }, headers: { Cookie: '__session=none' } })
  await request.post('/newsletter', { form: { email } })
  await expect.poll(() => mailsTo(email).length).toBe(2)
  const pathOf = (pattern: RegExp) => mailsTo(email).map((mail) => pattern.exec(mail.text)?.[0]).find(Boolean)!
  const lesson = await (await request.get(pathOf(/\/confirm-lesson-request\?token=[\w-]+/))).text()
  const newsletter = await (await request.get(pathOf(/\/newsletter\/confirm\?token=[0-9a-f]{64}/))).text()
  expect(lesson).toContain('Send My Request')
  expect(newsletter).toContain('Confirm subscription')
  return [
    { label: '/confirm-lesson-request, asking', html: lesson },
    { label: '/newsletter/confirm, asking', html: newsletter },
  ]
}

test('every page, the 404 page included, has no error by the Nu Html Checker', async ({ baseURL, request }) => {
  // Served HTML is the same with or without JavaScript: one project is enough.
  test.skip(test.info().project.name !== 'js', 'checked once, in the js project')
  test.setTimeout(120_000)
  expect(hasJava(), "the Nu Html Checker needs Java: install Debian's default-jre-headless").toBe(true)

  const dir = await mkdtemp(path.join(tmpdir(), 'brightwell-vnu-'))
  try {
    const pages = VISITORS.flatMap((visitor) => [...ROUTES, '/no-such-page'].map((route) => ({ visitor, route }))).map((page, index) => ({
      ...page,
      file: path.join(dir, `${index}.html`),
    }))
    await Promise.all(
      pages.map(async ({ visitor, route, file }) => {
        // Each request stands alone, so no cookie a page sets leaks into the next.
        const response = await fetch(new URL(route, baseURL), { headers: visitor.cookie ? { cookie: visitor.cookie } : {} })
        await writeFile(file, await response.text())
      }),
    )
    const labels = new Map(pages.map(({ visitor, route, file }) => [file, `${route} (${visitor.name})`]))
    for (const [index, { label, html }] of [...(await signedInPages(request)), ...(await emailedLinkPages(request))].entries()) {
      const file = path.join(dir, `signed-in-${index}.html`)
      await writeFile(file, html)
      labels.set(file, label)
    }

    // One run over every file: the checker takes seconds to start.
    const vnu = spawnSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...labels.keys()], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    const errors = readMessages(vnu.stderr).map((message) => {
      const where = `${message.firstLine ?? message.lastLine ?? 0}:${message.firstColumn ?? 0}`
      const page = message.url ? labels.get(fileURLToPath(message.url)) : undefined
      return `${page ?? message.url ?? '(no page)'}: ${where} ${message.message}`
    })
    expect(errors).toEqual([])
    expect(vnu.status).toBe(0)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
