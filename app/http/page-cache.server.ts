// Pages that are the same for everyone, rendered once and kept compressed in memory.
//
// What determines such a page is the build (its scripts and components), the URL and the
// loaders' data; the key is a SHA-256 of those three, so a page whose data changes (a class
// place taken, an edited MDX file in development) gets a new key and is rendered afresh. The
// data is hashed as Remix has already serialized it for the page (its server handoff), so a
// reused page costs no serialization of its own.
// Each entry holds the HTML as bytes (a GET's also gzip'd and Brotli'd once; a form's result,
// which may never repeat, is compressed on the way out instead) and the CSP hashes of its
// inline scripts. Least recently used pages leave first, so memory stays bounded.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

import { inlineScriptHashes } from '~/http/security-headers.server'

const MAX_PAGES = 200

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

export type CachedPage = {
  /** A weak ETag: the same page is sent in three encodings. */
  etag: string
  scriptHashes: string[]
  identity: Buffer
  /** Kept compressed only when it will be sent again and again (a GET); null otherwise. */
  gzip: Buffer | null
  br: Buffer | null
}

const pages = new Map<string, Promise<CachedPage | null>>()

export function pageKey(buildVersion: string, url: string, serializedData: string) {
  return createHash('sha256').update(buildVersion).update('\0').update(url).update('\0').update(serializedData).digest('base64url')
}

async function keepPage(key: string, html: string, compress: boolean): Promise<CachedPage> {
  const identity = Buffer.from(html)
  if (!compress) return { etag: `W/"${key}"`, scriptHashes: inlineScriptHashes(html), identity, gzip: null, br: null }
  const [gzipped, brotlied] = await Promise.all([
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ])
  return { etag: `W/"${key}"`, scriptHashes: inlineScriptHashes(html), identity, gzip: gzipped, br: brotlied }
}

/**
 * The page kept under `key`, or the one `render` makes (then kept). Simultaneous requests
 * for a new page share one render. A render that fails (null, or an error) is not kept.
 */
export function getOrRenderPage(key: string, render: () => Promise<string | null>, { compress }: { compress: boolean }): Promise<CachedPage | null> {
  let page = pages.get(key)
  if (page === undefined) {
    page = render().then((html) => (html === null ? null : keepPage(key, html, compress)))
    pages.set(key, page)
    page.then(
      (rendered) => rendered === null && pages.delete(key),
      () => pages.delete(key),
    )
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!)
  } else {
    pages.delete(key)
    pages.set(key, page)
  }
  return page
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
