// A rendered page kept for reuse: its bytes cut where the CSP nonce goes, so each response
// is those bytes with its own nonce in between. The cut pieces are also kept gzip'd, so a
// reused page is compressed once, not on every response: the nonce goes between the
// compressed pieces as a few uncompressed bytes of the same gzip stream.
import { randomBytes } from 'node:crypto'
import { constants, crc32, deflateRawSync } from 'node:zlib'

export type NoncedPage = { segments: Buffer[]; deflated: Buffer[] | null }

const NONCE_BYTES = 16
// Base64 of NONCE_BYTES bytes: the gzip'd pieces leave exactly this much room for it.
const NONCE_LENGTH = 24

/** A fresh CSP nonce for one response. */
export function createNonce() {
  return randomBytes(NONCE_BYTES).toString('base64')
}
const DEFLATE_WINDOW = 32 * 1024
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])
// The last block of a deflate stream: final, stored, empty.
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff])

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`

export function splitAtNonce(html: string, placeholder: string, { compress }: { compress: boolean }): NoncedPage {
  const segments = html.split(nonceAttribute(placeholder)).map((part) => Buffer.from(part))
  // A page holding a NUL would break the dictionary below; no page does, but keep it correct.
  return { segments, deflated: compress && !html.includes('\0') ? deflateSegments(segments) : null }
}

export function withNonce(page: NoncedPage, nonce: string) {
  const attribute = Buffer.from(nonceAttribute(nonce))
  // Buffer.concat copies into a fresh ArrayBuffer, never a shared one.
  return Buffer.concat(page.segments.flatMap((segment, index) => (index === 0 ? [segment] : [attribute, segment]))) as Uint8Array<ArrayBuffer>
}

/**
 * The page with this nonce as a gzip stream, or null when it was kept uncompressed. Each
 * piece was deflated on its own and flushed to a byte boundary, so the pieces and a stored
 * block holding the nonce simply follow one another.
 */
export function gzippedWithNonce(page: NoncedPage, nonce: string) {
  if (page.deflated === null) return null
  if (nonce.length !== NONCE_LENGTH) throw new Error(`A nonce must be ${NONCE_LENGTH} characters long`)
  const attribute = Buffer.from(nonceAttribute(nonce))
  const storedNonce = Buffer.concat([storedBlockHeader(attribute.length), attribute])
  let crc = 0
  let size = 0
  page.segments.forEach((segment, index) => {
    if (index > 0) {
      crc = crc32(attribute, crc)
      size += attribute.length
    }
    crc = crc32(segment, crc)
    size += segment.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  const body = page.deflated.flatMap((piece, index) => (index === 0 ? [piece] : [storedNonce, piece]))
  return Buffer.concat([GZIP_HEADER, ...body, FINAL_EMPTY_BLOCK, trailer]) as Uint8Array<ArrayBuffer>
}

// A piece may refer back to the text before it, as one gzip of the whole page would, with
// the nonces in that text as NULs: no page text holds a NUL, so no match can reach into a
// nonce, whose bytes differ in every response.
function deflateSegments(segments: Buffer[]) {
  const blankedNonce = Buffer.from(nonceAttribute('\0'.repeat(NONCE_LENGTH)))
  const before: Buffer[] = []
  return segments.map((segment, index) => {
    if (index > 0) before.push(blankedNonce)
    const dictionary = index === 0 ? undefined : Buffer.concat(before).subarray(-DEFLATE_WINDOW)
    before.push(segment)
    return deflateRawSync(segment, { level: constants.Z_BEST_COMPRESSION, dictionary, finishFlush: constants.Z_SYNC_FLUSH })
  })
}

function storedBlockHeader(length: number) {
  const header = Buffer.alloc(5)
  header.writeUInt16LE(length, 1)
  header.writeUInt16LE(~length & 0xffff, 3)
  return header
}

/** True when the request's Accept-Encoding admits gzip (named, or by `*`, with a q above 0). */
export function acceptsGzip(acceptEncoding: string | null) {
  if (!acceptEncoding) return false
  const codings = new Map(
    acceptEncoding.split(',').map((entry) => {
      const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase())
      const quality = parameters.find((parameter) => parameter.startsWith('q='))
      return [coding, quality === undefined ? 1 : Number(quality.slice(2))] as const
    }),
  )
  const quality = codings.get('gzip') ?? codings.get('x-gzip') ?? codings.get('*') ?? 0
  return quality > 0
}
