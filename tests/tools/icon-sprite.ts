// `npm run icons`: writes the icon sprite from app/components/icons/icon-set.ts after an icon is added or removed.
import { writeFileSync } from 'node:fs'

import { renderIconSprite } from '~/components/icons/render-sprite'

writeFileSync('app/components/icons/sprite.svg', renderIconSprite())
console.log('wrote app/components/icons/sprite.svg')
