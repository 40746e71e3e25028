// An editor's own share card (frontmatter `share.image`): the file must be there, and a PNG of the
// size the page's og:image tags state, or a chat app would show nothing or a cropped picture.
import { readFile } from 'node:fs/promises'
import path from 'node:path'

import { SHARE_CARD } from '~/content/share-card-words'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** What is wrong with the image at `src` (a path under `publicDir`), or null when it is a 1200×630 PNG. */
export async function shareImageProblem(src: string, publicDir: string): Promise<string | null> {
  const file = path.join(publicDir, src)
  const shown = path.relative(process.cwd(), file)
  const bytes = await readFile(file).catch(() => null)
  if (!bytes) return `${shown} does not exist`
  // A PNG starts with its signature, then its IHDR chunk, whose first two numbers are the width and height.
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return `${shown} is not a PNG`
  const width = bytes.readUInt32BE(16)
  const height = bytes.readUInt32BE(20)
  if (width !== SHARE_CARD.width || height !== SHARE_CARD.height) return `${shown} is ${width}×${height}; a share card is ${SHARE_CARD.width}×${SHARE_CARD.height}`
  return null
}
