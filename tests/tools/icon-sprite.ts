// `npm run icons`: writes the icon sprite from app/icons/icon-set.ts after an icon is added or removed.
import { writeFileSync } from 'node:fs'

import { renderIconSprite } from '~/icons/render-sprite'

writeFileSync('app/icons/sprite.svg', renderIconSprite())
console.log('wrote app/icons/sprite.svg')
