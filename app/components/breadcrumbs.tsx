import { Link } from '@remix-run/react'

import type { LinkItem } from '~/content-schema'
import { Icon } from '~/components/icon'

export function Breadcrumbs({ trail, current }: { trail: LinkItem[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-ink-600">
        {[{ label: 'Home', href: '/' }, ...trail].map((item) => (
          <li key={item.href} className="flex items-center gap-1">
            <Link to={item.href} className="hover:text-brand-800 hover:underline">
              {item.label}
            </Link>
            <Icon name="chevron-right" aria-hidden="true" className="h-4 w-4" />
          </li>
        ))}
        <li aria-current="page" className="font-medium text-ink-900">
          {current}
        </li>
      </ol>
    </nav>
  )
}
