import type { ReactNode } from 'react'

/**
 * A box whose wide content (a table) scrolls sideways on a phone instead of widening
 * the page. A scrolling region must be reachable by keyboard, hence the tab stop and name.
 */
export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={`scroll-shadows overflow-x-auto ${className}`} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  )
}
