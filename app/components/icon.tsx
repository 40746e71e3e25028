import type { SVGProps } from 'react'

import type { IconName } from '~/icons/icon-set'
import spriteHref from '~/icons/sprite.svg'

/**
 * An icon from the site's sprite. The outer `<svg>` sets the stroke style every icon
 * shares; colour and size come from `className`. Decorative unless given a label.
 */
export function Icon({ name, ...props }: { name: IconName } & Omit<SVGProps<SVGSVGElement>, 'children'>) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden={props['aria-label'] ? undefined : true}
      {...props}
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  )
}
