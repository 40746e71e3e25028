import type { ReactNode } from 'react'

/** A titled card of a page of cards (the dashboard, the account page), named by its heading for assistive technology. */
export function SectionCard({ id, title, highlight = false, children }: { id: string; title: string; highlight?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`card mb-8 ${highlight ? 'border-brand-200 bg-brand-50' : ''}`}>
      <h2 id={id} className="text-2xl font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  )
}
