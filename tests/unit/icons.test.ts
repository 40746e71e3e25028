import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { ICON_SET } from '~/components/icons/icon-set'
import { renderIconSprite } from '~/components/icons/render-sprite'

describe('the icon sprite', () => {
  it('is what `npm run icons` writes from the icon set, so the two cannot drift', () => {
    expect(readFileSync('app/components/icons/sprite.svg', 'utf8')).toBe(renderIconSprite())
  })

  it('has one symbol with shapes for every icon in the set', () => {
    const sprite = readFileSync('app/components/icons/sprite.svg', 'utf8')
    for (const name of Object.keys(ICON_SET)) {
      expect(sprite, name).toMatch(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|circle|rect|line|polyline)`))
    }
  })
})
