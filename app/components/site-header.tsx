import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'

import { useScrollY } from '~/components/use-scroll-position'
import { MAIN_NAV, RULES, SITE } from '~/site'
import { Icon } from '~/components/icon'

// A fixed id, so that without JavaScript the "Menu" link can open the menu as the URL's target.
const MENU_ID = 'site-menu'

function isCurrent(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`)
}

/** spec §5 "Header search": trimmed; empty does nothing; the box clears after searching. */
function HeaderSearch({ onSearch, idSuffix }: { onSearch?: () => void; idSuffix: string }) {
  const navigate = useNavigate()
  const inputId = `header-search-${idSuffix}`
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const input = event.currentTarget.elements.namedItem('search') as HTMLInputElement
    const query = input.value.trim()
    if (!query) return
    input.value = ''
    onSearch?.()
    navigate(`/tutors?search=${encodeURIComponent(query)}`)
  }
  return (
    <form method="get" action="/tutors" role="search" onSubmit={handleSubmit} className="relative">
      <label htmlFor={inputId} className="sr-only">
        Search tutors
      </label>
      <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-500" />
      <input
        id={inputId}
        name="search"
        type="search"
        required
        // Without JavaScript the browser refuses a box of only spaces.
        pattern=".*\S.*"
        title="Type a subject, tutor name or area"
        placeholder="Search tutors"
        autoComplete="off"
        className="h-10 w-full rounded-full border border-ink-500 bg-white pl-9 pr-3 text-sm text-ink-900 placeholder:text-ink-500 focus:border-brand-600"
      />
    </form>
  )
}

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  // The wide header's row has room for one account link beside the search: with two, at 1280 px the
  // search box shrank to 50 px, too narrow to read what was typed. The dashboard links to the account
  // page; the menu on smaller screens lists both.
  const rowAccountLink = signedIn ? { label: 'Dashboard', href: '/dashboard' } : { label: 'Log in', href: '/login' }
  const accountLinks = signedIn ? [rowAccountLink, { label: 'My account', href: '/account' }] : [rowAccountLink]
  const { pathname } = useLocation()
  const scrollY = useScrollY()
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const topBarHidden = scrollY > RULES.topBarHiddenAfterPx
  const compact = scrollY > RULES.headerCompactAfterPx

  useEffect(() => setMenuOpen(false), [pathname])

  useEffect(() => {
    if (!menuOpen) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [menuOpen])

  // spec §4: the bar hides past 100 px and the header compresses past 50 px. Neither may change
  // the page's height: when they did, the browser's scroll anchoring moved the page back across
  // the threshold and the header flickered without end. So the chrome keeps one height, and what
  // it hides goes above the screen through the sticky offset: compressed, the header gives its
  // spare padding to the top of the bar (0.5rem, 0.75rem from sm) and the chrome sticks that much
  // higher; with the bar hidden, higher again by the bar's 2rem. The offset and both paddings move
  // over the same time, so their sum, the chrome's height, holds while they do.
  // Hidden, the bar stays painted: while banners above keep the chrome from sticking it scrolls
  // away with them rather than leave a blank strip. It only leaves the tab order and the
  // accessibility tree, being above the screen once the chrome sticks.
  const stickyOffset = topBarHidden ? '-top-10 sm:-top-11' : compact ? '-top-2 sm:-top-3' : 'top-0'
  return (
    <div className={`site-chrome sticky z-40 transition-[top] duration-300 ${stickyOffset}`}>
      <div aria-hidden={topBarHidden} className={`bg-sun-400 text-ink-900 transition-[padding] duration-300 ${compact ? 'pt-2 sm:pt-3' : ''}`}>
        <p className="page-container flex h-8 items-center justify-center text-sm font-medium">
          <a href="/pricing" tabIndex={topBarHidden ? -1 : undefined} className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
            Claim your free session →
          </a>
        </p>
      </div>
      <header
        className={`border-b border-ink-200 bg-white/95 backdrop-blur transition-[padding,box-shadow] duration-300 ${
          compact ? 'py-1 shadow-md sm:py-1.5' : 'py-2 sm:py-3'
        }`}
        // The open menu fills most of a phone's screen inside the sticky header, so once the
        // focus moves on past it the menu closes rather than cover the focused element (WCAG 2.4.11).
        onBlur={(event) => {
          const next = event.relatedTarget
          if (menuOpen && next instanceof Node && !event.currentTarget.contains(next)) setMenuOpen(false)
        }}
      >
        <div className="page-container flex items-center gap-4">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-ink-900" aria-label={`${SITE.name} home`}>
            <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-700 text-white">
              <Icon name="graduation-cap" className="h-5 w-5" />
            </span>
            <span className="whitespace-nowrap">{SITE.name}</span>
          </Link>

          <nav aria-label="Main" className="ml-2 hidden xl:block">
            <ul className="flex items-center gap-0.5">
              {MAIN_NAV.map((link) => (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    aria-current={isCurrent(pathname, link.href) ? 'page' : undefined}
                    className={`whitespace-nowrap rounded-full px-2.5 py-2 text-sm font-medium transition-colors ${
                      isCurrent(pathname, link.href)
                        ? 'bg-brand-50 text-brand-800'
                        : 'text-ink-700 hover:bg-ink-100 hover:text-ink-900'
                    }`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className="ml-auto hidden w-40 xl:block">
            <HeaderSearch idSuffix="desktop" />
          </div>
          <div className="hidden items-center gap-2 xl:flex">
            <Link to={rowAccountLink.href} className="whitespace-nowrap rounded-full px-3 py-2 text-sm font-semibold text-ink-800 hover:bg-ink-100">
              {rowAccountLink.label}
            </Link>
            <Link to="/classes" className="btn-primary whitespace-nowrap">
              Join Free Class
            </Link>
          </div>

          <button
            ref={toggleRef}
            type="button"
            className="mobile-menu-toggle ml-auto flex h-11 w-11 items-center justify-center rounded-full text-ink-900 hover:bg-ink-100 xl:hidden"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <Icon name="x" className="h-6 w-6" /> : <Icon name="menu" className="h-6 w-6" />}
            <span className="sr-only">Menu</span>
          </button>
          {/* Without JavaScript the button above cannot work, so root.tsx's no-script style shows
              this link instead: it opens the menu by making it the page's target. */}
          <a
            href={`#${MENU_ID}`}
            className="mobile-menu-link ml-auto hidden h-11 w-11 items-center justify-center rounded-full text-ink-900 hover:bg-ink-100"
          >
            <Icon name="menu" className="h-6 w-6" />
            <span className="sr-only">Menu</span>
          </a>
        </div>

        <nav
          id={MENU_ID}
          aria-label="Mobile"
          className={`mobile-menu page-container xl:hidden ${menuOpen ? 'block' : 'hidden'}`}
        >
          <div className="pb-4 pt-3">
            <HeaderSearch idSuffix="mobile" onSearch={() => setMenuOpen(false)} />
            <ul className="mt-3 grid gap-0.5">
              {MAIN_NAV.map((link) => (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    onClick={() => setMenuOpen(false)}
                    aria-current={isCurrent(pathname, link.href) ? 'page' : undefined}
                    className={`block rounded-xl px-3 py-2.5 font-medium ${
                      isCurrent(pathname, link.href) ? 'bg-brand-50 text-brand-800' : 'text-ink-800 hover:bg-ink-100'
                    }`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="mt-3 grid grid-cols-2 gap-2">
              {accountLinks.map((link) => (
                <Link key={link.href} to={link.href} onClick={() => setMenuOpen(false)} className="btn-secondary">
                  {link.label}
                </Link>
              ))}
              <Link to="/classes" onClick={() => setMenuOpen(false)} className="btn-primary">
                Join Free Class <Icon name="arrow-right" className="h-4 w-4" />
              </Link>
            </div>
          </div>
        </nav>
      </header>
    </div>
  )
}
