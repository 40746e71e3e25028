import { gunzipSync, gzipSync } from 'node:zlib'

import { expect, test } from 'vitest'

import { acceptsGzip, createNonce, gzippedWithNonce, splitAtNonce, withNonce } from '~/nonced-page.server'

const PLACEHOLDER = 'placeholder-nonce'

// A page like ours: a long body, then scripts that carry the nonce and repeat the body's text.
function samplePage() {
  const body = Array.from({ length: 400 }, (_, index) => `<p>Lesson ${index}: algebra, essays and exam practice.</p>`).join('')
  const script = (text: string) => `<script nonce="${PLACEHOLDER}">${text}</script>`
  return `<!DOCTYPE html><html><body>${body}${script(`window.__context=${JSON.stringify({ body })}`)}${script('import("/build/entry.js")')}</body></html>`
}

test('a reused page carries each response its own nonce', () => {
  const page = splitAtNonce(samplePage(), PLACEHOLDER, { compress: false })
  const nonce = createNonce()
  const html = Buffer.from(withNonce(page, nonce)).toString('utf8')
  expect(html).not.toContain(PLACEHOLDER)
  expect(html.split(`nonce="${nonce}"`)).toHaveLength(3)
  expect(html).toBe(samplePage().replaceAll(PLACEHOLDER, nonce))
})

test('the gzip of a reused page unzips to exactly the page with that response nonce', () => {
  const page = splitAtNonce(samplePage(), PLACEHOLDER, { compress: true })
  for (const nonce of [createNonce(), createNonce(), 'A'.repeat(24)]) {
    const gzipped = gzippedWithNonce(page, nonce)!
    expect(gunzipSync(gzipped).equals(Buffer.from(withNonce(page, nonce)))).toBe(true)
  }
})

test('the pieces refer back across the nonce, so the page compresses as well as one gzip of it', () => {
  const page = splitAtNonce(samplePage(), PLACEHOLDER, { compress: true })
  const nonce = createNonce()
  const whole = gzipSync(Buffer.from(withNonce(page, nonce)))
  expect(gzippedWithNonce(page, nonce)!.length).toBeLessThanOrEqual(whole.length + 64)
})

test('a page is kept uncompressed when asked, or when it holds a NUL the pieces could not refer across', () => {
  expect(gzippedWithNonce(splitAtNonce(samplePage(), PLACEHOLDER, { compress: false }), createNonce())).toBeNull()
  expect(gzippedWithNonce(splitAtNonce(`${samplePage()}\0`, PLACEHOLDER, { compress: true }), createNonce())).toBeNull()
})

test('a nonce of another length is refused rather than sent in a broken stream', () => {
  const page = splitAtNonce(samplePage(), PLACEHOLDER, { compress: true })
  expect(() => gzippedWithNonce(page, 'short')).toThrow(/24 characters/)
})

test('gzip is sent only to clients that accept it', () => {
  expect(acceptsGzip('gzip')).toBe(true)
  expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true)
  expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true)
  expect(acceptsGzip('*')).toBe(true)
  expect(acceptsGzip(null)).toBe(false)
  expect(acceptsGzip('')).toBe(false)
  expect(acceptsGzip('identity')).toBe(false)
  expect(acceptsGzip('br')).toBe(false)
  expect(acceptsGzip('gzip;q=0')).toBe(false)
  expect(acceptsGzip('*, gzip;q=0')).toBe(false)
  expect(acceptsGzip('gzip;q=nonsense')).toBe(false)
})
