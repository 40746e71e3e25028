import { Link, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'

import { ContentBody } from '~/content/content-body'
import { Icon } from '~/components/icon'
import type { Action, LinkItem, PageFrontmatter } from '~/content/schema'
import { trailFromHome } from '~/content/breadcrumb-trail'
import type { ContentLoaderData } from '~/content/page-meta'
import type { Page } from '~/content/pages.server'

// A plain content page is served by the catch-all route with three exports: this loader,
// contentMeta (page-meta.ts, where a route with its own page component, the home page, takes it without
// this module's components) and ContentRoute. The loader is re-exported here so routes import one module.
export { loadContentPage } from '~/content/pages.server'

export type PageData = Page

export function Breadcrumbs({ trail, current }: { trail: LinkItem[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-ink-600">
        {trailFromHome(trail).map((item) => (
          <li key={item.href} className="flex items-center gap-1">
            <Link to={item.href} className="hover:text-brand-800 hover:underline">
              {item.label}
            </Link>
            <Icon name="chevron-right" className="h-4 w-4" />
          </li>
        ))}
        <li aria-current="page" className="font-medium text-ink-900">
          {current}
        </li>
      </ol>
    </nav>
  )
}

export function ActionLinks({ actions }: { actions: Action[] }) {
  if (actions.length === 0) return null
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {actions.map((action) => (
        <Link key={action.href + action.label} to={action.href} className={action.variant === 'primary' ? 'btn-primary' : 'btn-secondary'}>
          {action.label}
        </Link>
      ))}
    </div>
  )
}

function PageHeader({ frontmatter, tone }: { frontmatter: PageFrontmatter; tone: 'hero' | 'plain' }) {
  const heading = frontmatter.heading ?? frontmatter.title
  return (
    <header className={tone === 'hero' ? 'bg-gradient-to-b from-brand-50 to-white' : 'border-b border-ink-200 bg-ink-50'}>
      <div className={`page-container ${tone === 'hero' ? 'py-14 sm:py-20' : 'py-10 sm:py-12'}`}>
        <Breadcrumbs trail={frontmatter.breadcrumbs ?? []} current={frontmatter.title} />
        {frontmatter.eyebrow ? (
          <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-brand-700">{frontmatter.eyebrow}</p>
        ) : null}
        <h1
          className={`mt-3 max-w-3xl font-bold tracking-tight text-ink-900 ${
            tone === 'hero' ? 'text-4xl sm:text-5xl' : 'text-3xl sm:text-4xl'
          }`}
        >
          {heading}
        </h1>
        {frontmatter.lead ? <p className="mt-4 max-w-2xl text-lg leading-8 text-ink-600">{frontmatter.lead}</p> : null}
        <ActionLinks actions={frontmatter.actions} />
      </div>
    </header>
  )
}

const PROSE =
  'prose prose-lg prose-slate max-w-none prose-headings:tracking-tight prose-a:text-brand-700 prose-a:underline-offset-4 hover:prose-a:text-brand-900'

const READABLE_MEASURE = 'prose-p:max-w-3xl prose-ul:max-w-3xl prose-ol:max-w-3xl prose-table:max-w-4xl'

/**
 * The shared layouts every content route renders through: `marketing` (hero
 * header, wide body), `subject` (hero header, body beside a sidebar slot) and
 * `prose` (breadcrumb header, readable column). `children` adds route-specific
 * sections (such as a form) after the body, in the same column; `aside` fills the
 * subject or prose sidebar.
 */
export function ContentPage({
  page,
  children,
  aside,
  childrenFirst = false,
  withBody = true,
}: {
  page: PageData
  children?: ReactNode
  aside?: ReactNode
  /** Put `children` above the body, as forms do when the copy is only a footnote. */
  childrenFirst?: boolean
  /** Off where the copy addresses someone else: the dashboard's next steps are a family's. */
  withBody?: boolean
}) {
  const { frontmatter } = page
  const layout = frontmatter.layout === 'home' ? 'marketing' : frontmatter.layout
  // Wide layouts keep running text to a readable measure; grids and cards still use the full width.
  const body = withBody ? <ContentBody html={page.html} className={layout === 'marketing' ? `${PROSE} ${READABLE_MEASURE}` : PROSE} /> : null
  return (
    <article>
      <PageHeader frontmatter={frontmatter} tone={layout === 'prose' ? 'plain' : 'hero'} />
      <div className="page-container py-12">
        {layout === 'marketing' ? (
          <>
            {childrenFirst ? children : null}
            {body}
            {childrenFirst ? null : children}
          </>
        ) : (
          <div className={aside ? 'grid gap-12 lg:grid-cols-[minmax(0,1fr)_22rem]' : 'max-w-3xl'}>
            <div className="min-w-0">
              {childrenFirst ? children : null}
              {body}
              {childrenFirst ? null : children}
            </div>
            {aside ? <aside className="space-y-6">{aside}</aside> : null}
          </div>
        )}
      </div>
    </article>
  )
}

export function ContentRoute() {
  const { page } = useLoaderData<ContentLoaderData>()
  return <ContentPage page={page} />
}
