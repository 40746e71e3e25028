import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

import { ICON_SET } from '~/components/icons/icon-set'

/** The sprite file's text: each icon's shapes as a `<symbol>` named like the icon. */
export function renderIconSprite() {
  const symbols = Object.entries(ICON_SET).map(([name, component]) => {
    const svg = renderToStaticMarkup(createElement(component))
    const shapes = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1] ?? ''
    return `  <symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`
  })
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`
}
