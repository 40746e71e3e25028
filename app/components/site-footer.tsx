import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

import { SocialIcon } from '~/components/social-icon'
import { COMPANY, FOOTER_GROUPS, LEGAL_LINKS, SITE } from '~/site'
import { Icon } from '~/components/icon'

// An id may not contain spaces: 'For Tutors' becomes 'footer-for-tutors'.
function headingId(title: string) {
  return `footer-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
}

/** The site's footer; `newsletter` is the newsletter box, a form that root.tsx puts in it. */
export function SiteFooter({ year, newsletter }: { year: number; newsletter: ReactNode }) {
  return (
    <footer className="site-footer surface-dark mt-24 bg-ink-900 text-ink-200">
      <div className="page-container grid grid-cols-1 gap-12 py-16 lg:grid-cols-[1.2fr_2fr]">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 text-lg font-bold text-white">
            <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-600">
              <Icon name="graduation-cap" className="h-5 w-5" />
            </span>
            {SITE.name}
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-6 text-ink-300">{SITE.description}</p>
          {SITE.socialProfiles.length > 0 ? (
            <ul className="mt-6 flex gap-3" aria-label="Social media">
              {SITE.socialProfiles.map((profile) => (
                <li key={profile.network}>
                  <a
                    href={profile.href}
                    rel="noopener noreferrer"
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
                  >
                    <SocialIcon network={profile.network} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {newsletter}
        </div>
        <div className="grid grid-cols-2 gap-8 md:grid-cols-4">
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-labelledby={headingId(group.title)}>
              <h2 id={headingId(group.title)} className="text-sm font-semibold uppercase tracking-wider text-white">
                {group.title}
              </h2>
              <ul className="mt-4 space-y-3 text-sm">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link to={link.href} className="text-ink-300 hover:text-white hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="page-container space-y-4 py-6 text-sm text-ink-300">
          <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
            <p>
              © {year} {SITE.name}. All rights reserved.
            </p>
            <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
              <li className="flex items-center gap-2">
                <Icon name="mail" className="h-4 w-4" />
                <a href={`mailto:${SITE.supportEmail}`} className="hover:text-white hover:underline">
                  {SITE.supportEmail}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <Icon name="map-pin" className="h-4 w-4" />
                {SITE.location}
              </li>
            </ul>
          </div>
          <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between md:gap-12">
            <p className="max-w-xl text-xs leading-5">
              {COMPANY.name}, registered in {COMPANY.registeredIn}, company number {COMPANY.number}. Registered office:{' '}
              {COMPANY.registeredOffice}.
            </p>
            <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
              {LEGAL_LINKS.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </footer>
  )
}
