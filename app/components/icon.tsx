import type { SVGProps } from 'react'

import type { IconName } from '~/components/icons/icon-set'
import spriteHref from '~/components/icons/sprite.svg'

/**
 * An icon from the site's sprite. The `icon` class (tailwind.css) gives every icon the
 * same stroke and a default size, so each use carries only its name and classes;
 * colour and size come from `className`. Decorative unless given a label.
 */
export function Icon({ name, className, ...props }: { name: IconName } & Omit<SVGProps<SVGSVGElement>, 'children'>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden={props['aria-label'] ? undefined : true} className={className ? `icon ${className}` : 'icon'} {...props}>
      <use href={`${spriteHref}#${name}`} />
    </svg>
  )
}
