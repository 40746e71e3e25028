// Pages that are the same for everyone, rendered once and kept compressed in memory.
//
// What determines such a page is the build (its scripts and components), its canonical URL (the
// path and the query parameters its route reads, as the route writes them) and the loaders' data;
// the key is a SHA-256 of those three, so a page whose data changes (a class place taken, an
// edited MDX file in development) gets a new key and is rendered afresh, and a URL with anything
// else in its query string (`?utm_source=…`) finds the page already kept. The data is hashed as
// Remix has already serialized it for the page (its server handoff), so a reused page costs no
// serialization of its own.
// Each entry holds the HTML as bytes, gzip'd and Brotli'd once, and the CSP hashes of its inline
// scripts. The least recently used pages leave first once the kept bytes pass a budget.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

import { inlineScriptHashes } from '~/http/security-headers.server'

// About 200 pages of the site's size (35-80 KB of HTML, kept with its gzip and Brotli copies).
const MAX_BYTES = 16 * 1024 * 1024

// Measured on this site's pages (decision 004): Brotli 5 compresses a 35-80 KB page in 0.7-1.7 ms,
// 11-14 % larger than Brotli 11, which took 50-120 ms; gzip 9 costs 0.1-0.5 ms more than gzip 6 for
// 0.2-0.7 % fewer bytes. A page is compressed on the request that first asks for it, so that
// visitor waits for the level chosen here.
const GZIP_LEVEL = 9
const BROTLI_QUALITY = 5

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

export type CachedPage = {
  /** A weak ETag: the same page is sent in three encodings. */
  etag: string
  scriptHashes: string[]
  identity: Buffer
  gzip: Buffer
  br: Buffer
}

type Entry = { page: Promise<CachedPage | null>; bytes: number }

const entries = new Map<string, Entry>()
let keptBytes = 0

export function pageKey(buildVersion: string, canonicalUrl: string, serializedData: string) {
  return createHash('sha256').update(buildVersion).update('\0').update(canonicalUrl).update('\0').update(serializedData).digest('base64url')
}

async function keepPage(key: string, html: string): Promise<CachedPage> {
  const identity = Buffer.from(html)
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(identity, { level: GZIP_LEVEL }),
    brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ])
  return { etag: `W/"${key}"`, scriptHashes: inlineScriptHashes(html), identity, gzip: gzipped, br: brotlied }
}

function forget(key: string, entry: Entry) {
  if (entries.get(key) !== entry) return
  entries.delete(key)
  keptBytes -= entry.bytes
}

// Least recently used first: a Map iterates in insertion order, and a page is moved to the end each time it is used.
function makeRoom() {
  for (const [key, entry] of entries) {
    if (keptBytes <= MAX_BYTES) return
    // A page still being rendered takes no room yet.
    if (entry.bytes > 0) forget(key, entry)
  }
}

/**
 * The page kept under `key`, or the one `render` makes (then kept). Simultaneous requests
 * for a new page share one render. A render that fails (null, or an error) is not kept.
 */
export function getOrRenderPage(key: string, render: () => Promise<string | null>): Promise<CachedPage | null> {
  const known = entries.get(key)
  if (known) {
    entries.delete(key)
    entries.set(key, known)
    return known.page
  }
  const entry: Entry = { page: render().then((html) => (html === null ? null : keepPage(key, html))), bytes: 0 }
  entries.set(key, entry)
  entry.page.then(
    (page) => {
      if (page === null) return forget(key, entry)
      if (entries.get(key) !== entry) return
      entry.bytes = page.identity.length + page.gzip.length + page.br.length
      keptBytes += entry.bytes
      makeRoom()
    },
    () => forget(key, entry),
  )
  return entry.page
}

/** The bytes the kept pages take, for tests and benchmarks. */
export function pageCacheBytes() {
  return keptBytes
}

/** The encoding to send: Brotli, then gzip, by the client's Accept-Encoding (a q of 0 refuses one). */
export function chooseEncoding(acceptEncoding: string | null): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  const quality = new Map(
    acceptEncoding.split(',').map((entry) => {
      const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase())
      const q = parameters.find((parameter) => parameter.startsWith('q='))
      return [coding, q === undefined ? 1 : Number(q.slice(2))] as const
    }),
  )
  const accepts = (coding: string) => (quality.get(coding) ?? quality.get('*') ?? 0) > 0
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null
}
