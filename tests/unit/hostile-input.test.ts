// Hostile input is refused in linear time: every field is capped before any pattern runs, and
// no pattern can backtrack. Each form schema of app/forms (found, not listed, so a new form is
// covered) gets 64 KB of worst-case text in every field, more than a whole post may carry.
/// <reference types="vite/client" />
import { expect, test } from 'vitest'

import { readSubmission } from '~/forms/pipeline.server'
import { checkForm, type FormSchema } from '~/forms/rules'

const SIZE = 64 * 1024

const fill = (unit: string, size = SIZE) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size)

// Each payload aims at a way a pattern can backtrack: runs of the characters an e-mail check
// splits on (dots, @, spaces), repeated near-matches, nested and unbalanced quotes.
const PAYLOADS: Record<string, string> = {
  dots: `a@${fill('.', SIZE - 3)}@`,
  'dots after a domain': `a@b${fill('.c', SIZE - 3)}`,
  ats: fill('@'),
  spaces: fill(' '),
  'spaces inside': `a${fill(' ', SIZE - 2)}a`,
  'near addresses': fill('a.b@'),
  'dotted words': `${fill('a.', SIZE - 1)}@`,
  'nested quotes': fill(`"'\``),
  'quoted parts': fill('"a".'),
  hyphens: fill('-'),
  digits: fill('1'),
  slashes: fill('/'),
  'web addresses': fill('http://a.'),
  'mixed text': fill('Ann www.a@b. '),
}

const schemaModules = import.meta.glob<Record<string, unknown>>('../../app/forms/*.ts', { eager: true })

const SCHEMAS = Object.entries(schemaModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('Schema'))
    .map(([name, schema]) => [`${file.split('/').at(-1)} ${name}`, schema as FormSchema] as const),
)

function worstCaseInput(schema: FormSchema, payload: string) {
  return Object.fromEntries(Object.entries(schema.entries).map(([name, field]) => [name, field.type === 'array' ? [payload, payload] : payload]))
}

test('every form schema is found', () => {
  expect(SCHEMAS.length).toBeGreaterThanOrEqual(15)
})

test.each(SCHEMAS)('%s parses 64 KB of worst-case input in every field in under 50 ms', (_name, schema) => {
  for (const [label, payload] of Object.entries(PAYLOADS)) {
    const started = performance.now()
    const result = checkForm(schema, worstCaseInput(schema, payload))
    const elapsed = performance.now() - started
    expect(elapsed, `${label}: ${elapsed.toFixed(1)} ms`).toBeLessThan(50)
    // Nothing that long gets through: it is refused, or (a hidden field) dropped.
    if (result.success) expect(JSON.stringify(result.value).length, label).toBeLessThan(SIZE)
  }
})

test('a 60,000-dot address posted to the login form is refused in under 100 ms', async () => {
  const { LoginSchema } = await import('~/forms/login')
  const body = new URLSearchParams({ email: `a@${'.'.repeat(60_000)}@`, password: 'secret1' })
  const request = new Request('http://localhost/login', { method: 'POST', body })
  const started = performance.now()
  const submission = await readSubmission(request, LoginSchema)
  const elapsed = performance.now() - started
  expect(submission.status).toBe('invalid')
  expect(elapsed).toBeLessThan(100)
})

test('a URL path of 16,000 slashes finds its page, or none, in under 50 ms: no route pattern backtracks on it', async () => {
  const { slugForPath } = await import('~/content/pages.server')
  const { matchRoutes } = await import('@remix-run/router')
  const routes = [{ id: 'root', path: '/', children: [{ id: 'tutor', path: 'tutors/:id' }, { id: 'page', path: '*' }] }]
  for (const path of [`/a${'/'.repeat(16_000)}b`, `/tutors/x${'/'.repeat(16_000)}y`, `/${'/'.repeat(16_000)}`]) {
    const started = performance.now()
    slugForPath(path)
    matchRoutes(routes, path)
    expect(performance.now() - started, path.slice(0, 12)).toBeLessThan(50)
  }
})
