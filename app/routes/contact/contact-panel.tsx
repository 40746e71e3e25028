import { Link } from '@remix-run/react'

import { SITE, supportTime, type CONTACT_QUICK_LINKS, type SUPPORT } from '~/site'
import { Icon } from '~/components/icon'

/** The panel's facts, sent by the loader (contact.server.ts). */
export type ContactPanelData = { support: typeof SUPPORT; quickLinks: typeof CONTACT_QUICK_LINKS }

/** The contact page's side panel (spec §2 "Contact"): e-mail, reply promise, hours, quick links. */
export function ContactPanel({ support, quickLinks }: ContactPanelData) {
  return (
    <>
      <section aria-labelledby="contact-details" className="card">
        <h2 id="contact-details" className="text-lg font-semibold text-ink-900">
          Other ways to reach us
        </h2>
        <p className="mt-4 flex items-start gap-3 text-ink-700">
          <Icon name="mail" className="mt-0.5 h-5 w-5 flex-none text-brand-700" />
          <span>
            <a href={`mailto:${SITE.supportEmail}`} className="text-sm font-medium text-brand-700 [overflow-wrap:anywhere] underline underline-offset-4 hover:text-brand-900">
              {SITE.supportEmail}
            </a>
            <span className="mt-1 block text-sm text-ink-600">We reply {support.replyWithin}.</span>
          </span>
        </p>
        <div className="mt-5 flex items-start gap-3 text-ink-700">
          <Icon name="clock" className="mt-0.5 h-5 w-5 flex-none text-brand-700" />
          <div className="flex-1">
            <h3 className="font-medium text-ink-900">Office hours</h3>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {support.hours.map((row) => (
                <div key={row.days} className="contents">
                  <dt className="text-ink-600">{row.days}</dt>
                  <dd className="text-ink-900 first-letter:uppercase">{supportTime(row)}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>
      <nav aria-labelledby="contact-quick-links" className="card">
        <h2 id="contact-quick-links" className="text-lg font-semibold text-ink-900">
          Quick links
        </h2>
        <ul className="mt-3 space-y-1">
          {quickLinks.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="group flex items-center justify-between rounded-lg px-2 py-2 font-medium text-brand-800 hover:bg-brand-50">
                {link.label}
                <Icon name="arrow-right" className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  )
}
