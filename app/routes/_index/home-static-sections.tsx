import type { HomeFrontmatter } from '~/content/schema'
import { Icon } from '~/components/icon'

// The home sections that never change between visits. The server renders them to HTML
// once (home.server.tsx), like the MDX, so their code is not part of the page's scripts;
// their links are plain anchors that ContentBody turns into client-side navigations.

// spec §1: a decorative picture of a live lesson, drawn in HTML and CSS.
// Hidden from assistive technology: it carries no information of its own.
export function LiveSessionMock() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-xl select-none">
      <div className="rounded-3xl bg-white p-4 shadow-2xl ring-1 ring-ink-200">
        <div className="flex items-center justify-between border-b border-ink-100 pb-3">
          <div className="flex items-center gap-2 text-sm font-semibold text-ink-800">
            <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-500 motion-reduce:animate-none" />
            Live · A-Level Physics
          </div>
          <span className="text-xs text-ink-500">45:00</span>
        </div>
        <div className="mt-3 grid grid-cols-5 gap-3">
          <div className="col-span-3 space-y-3">
            <div className="relative flex h-36 items-end rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-3 text-white">
              <Icon name="video" className="absolute right-3 top-3 h-4 w-4 opacity-80" />
              <span className="rounded-full bg-black/30 px-2 py-0.5 text-xs">Dr Amelia Hart</span>
            </div>
            <div className="rounded-2xl border border-ink-200 p-3">
              <p className="flex items-center gap-1 text-xs font-semibold text-ink-600">
                <Icon name="pen-line" className="h-3.5 w-3.5" /> Whiteboard
              </p>
              <p className="mt-2 font-mono text-sm text-ink-900">v = u + at</p>
              <p className="font-mono text-sm text-brand-700">s = ut + ½at²</p>
              <svg viewBox="0 0 200 50" className="mt-2 h-10 w-full text-sun-500">
                <path d="M0 45 Q 60 45 100 25 T 200 5" fill="none" stroke="currentColor" strokeWidth="3" />
              </svg>
            </div>
          </div>
          <div className="col-span-2 flex flex-col gap-3">
            <div className="flex h-20 items-end rounded-2xl bg-gradient-to-br from-sun-300 to-sun-500 p-2">
              <span className="rounded-full bg-black/30 px-2 py-0.5 text-xs text-white">You</span>
            </div>
            <div className="flex-1 rounded-2xl bg-ink-50 p-2.5 text-xs">
              <p className="flex items-center gap-1 font-semibold text-ink-600">
                <Icon name="message-circle" className="h-3.5 w-3.5" /> Chat
              </p>
              <p className="mt-2 rounded-xl bg-white p-2 text-ink-700 shadow-sm">Can we go over question 3 again?</p>
              <p className="mt-2 rounded-xl bg-brand-700 p-2 text-white">Of course, let&apos;s sketch it.</p>
            </div>
          </div>
        </div>
        <div className="mt-3 rounded-2xl border border-ink-200 p-3">
          <p className="text-xs font-semibold text-ink-600">Today&apos;s progress</p>
          <ul className="mt-2 space-y-1.5 text-sm">
            <li className="flex items-center gap-2 text-ink-800">
              <span className="h-4 w-4 rounded-full bg-emerald-500" /> Equations of motion
            </li>
            <li className="flex items-center gap-2 text-ink-800">
              <span className="h-4 w-4 rounded-full bg-emerald-500" /> Worked exam question
            </li>
            <li className="flex items-center gap-2 text-ink-500">
              <span className="h-4 w-4 rounded-full border-2 border-ink-300" /> Projectile practice
            </li>
          </ul>
        </div>
      </div>
    </div>
  )
}

const CLOSING_ICONS = ['sparkles', 'calendar-clock', 'shield-check'] as const

export function ClosingCallToAction({ closing }: { closing: HomeFrontmatter['closing'] }) {
  return (
    <section aria-labelledby="closing-cta" className="page-container py-16 sm:py-20">
      <div className="surface-dark rounded-3xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <h2 id="closing-cta" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {closing.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{closing.lead}</p>
        <ul className="mt-8 flex flex-wrap justify-center gap-x-8 gap-y-3">
          {closing.points.map((point, index) => {
            const icon = CLOSING_ICONS[index % CLOSING_ICONS.length] ?? 'check'
            return (
              <li key={point} className="flex items-center gap-2 font-medium">
                <Icon name={icon} className="h-5 w-5 text-sun-300" />
                {point}
              </li>
            )
          })}
        </ul>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          {closing.actions.map((action) => (
            <a
              key={action.href}
              href={action.href}
              className={action.variant === 'primary' ? 'btn-sun h-12 px-6 text-base' : 'btn h-12 border border-white/30 px-6 text-base text-white hover:bg-white/10'}
            >
              {action.label}
            </a>
          ))}
        </div>
      </div>
    </section>
  )
}
