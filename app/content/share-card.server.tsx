// The image a chat app or social network shows when a page is shared (og:image, issue 31): the
// page's own words on the site's brand, 1200×630 PNG, drawn by satori (layout to SVG) and resvg
// (SVG to PNG) in the self-hosted Inter. Each page's card is drawn once per process and kept: the
// words come from its MDX file or the tutor catalogue, which change only with a new version.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'

import { getData } from '~/content/data.server'
import { getPage, slugForPath } from '~/content/pages.server'
import { pageCardWords, SHARE_CARD, tutorCardWords, type CardWords } from '~/content/share-card-words'
import { isIndexedPath, SITE } from '~/site'


const require = createRequire(import.meta.url)
const fontFile = (weight: 400 | 700) => readFile(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`))
let fonts: Promise<Array<{ name: string; data: Buffer; weight: 400 | 700; style: 'normal' }>> | null = null

const PADDING = 72
const BRAND = { background: '#3730a3', accent: '#facc15', text: '#ffffff', soft: '#e0e7ff' }

/** The text, or as many of its words as fit in `length` characters, then an ellipsis. */
function clip(text: string, length: number) {
  if (text.length <= length) return text
  let cut = text.slice(0, length - 1)
  const lastSpace = cut.lastIndexOf(' ')
  if (lastSpace > length / 2) cut = cut.slice(0, lastSpace)
  while (cut !== '' && ' ,;:.'.includes(cut.at(-1)!)) cut = cut.slice(0, -1)
  return `${cut}…`
}

/** What the card of the public page at `pathname` says; null for no such page. */
async function wordsOf(pathname: string): Promise<CardWords | null> {
  if (!isIndexedPath(pathname)) return null
  const tutorId = /^\/tutors\/([a-z0-9-]+)$/.exec(pathname)?.[1]
  const tutor = tutorId ? (await getData('tutors')).find((candidate) => candidate.id === tutorId) : undefined
  if (tutor) return tutorCardWords(tutor)
  const slug = slugForPath(pathname)
  // The page's own path only: every other spelling (//about, /about/) would be drawn and kept afresh.
  if (slug === null || pathname !== (slug === 'index' ? '/' : `/${slug}`)) return null
  const page = await getPage(slug).catch(() => null)
  return page ? pageCardWords(page.frontmatter, slug === 'index') : null
}

function CardImage({ card }: { card: CardWords }) {
  return (
    <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', padding: PADDING, background: BRAND.background, color: BRAND.text, fontFamily: 'Inter' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <div style={{ width: 64, height: 64, borderRadius: 16, background: BRAND.text, color: BRAND.background, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 36, fontWeight: 700 }}>B</div>
        <div style={{ fontSize: 36, fontWeight: 700 }}>{SITE.name}</div>
      </div>
      {/* From the top, at a set width: satori wraps the words within it, but sizes a box by its words
          on one line, so a box pushed to the bottom would lose its wrapped lines below the edge. */}
      {/* Sized for a phone, where chat apps show the card about 300 px wide: the title at about 17 px,
          the text at about 9; two lines of title and up to four of text fit. */}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20, marginTop: 56, width: SHARE_CARD.width - 2 * PADDING }}>
        {card.kicker ? <div style={{ fontSize: 28, fontWeight: 700, color: BRAND.accent, textTransform: 'uppercase', letterSpacing: 2 }}>{clip(card.kicker, 50)}</div> : null}
        <div style={{ fontSize: 68, fontWeight: 700, lineHeight: 1.1 }}>{clip(card.title, 56)}</div>
        <div style={{ fontSize: 36, lineHeight: 1.35, color: BRAND.soft }}>{clip(card.text, 170)}</div>
      </div>
    </div>
  )
}

async function draw(card: CardWords) {
  fonts ??= Promise.all(([400, 700] as const).map(async (weight) => ({ name: 'Inter', data: await fontFile(weight), weight, style: 'normal' as const })))
  const svg = await satori(<CardImage card={card} />, { ...SHARE_CARD, fonts: await fonts })
  return new Resvg(svg, { fitTo: { mode: 'width', value: SHARE_CARD.width } }).render().asPng()
}

const drawn = new Map<string, Promise<Buffer | null>>()

/** The card of the public page at `pathname`, drawn once per process; null when there is no such page. */
export function shareCard(pathname: string) {
  let card = drawn.get(pathname)
  if (!card) {
    card = wordsOf(pathname).then((words) => (words ? draw(words) : null))
    // Only pages that exist are kept, so a stranger's made-up paths cannot fill the memory.
    card.then((result) => (result ? undefined : drawn.delete(pathname))).catch(() => drawn.delete(pathname))
    drawn.set(pathname, card)
  }
  return card
}
