// Every cookie the site sets, named once: the modules that set them import the
// names, and the /cookies page lists them from here, so the two cannot drift.
export const COOKIES = {
  session: {
    name: '__session',
    purpose: 'Keeps you signed in to your account. It holds a random identifier, never your password.',
    lasts: 'Until you close your browser, or 30 days if you tick "Remember me"',
    category: 'Strictly necessary',
  },
  promoDismissed: {
    name: 'promo_dismissed',
    purpose: 'Remembers that you closed the free-session banner, so it stays closed.',
    lasts: '1 year',
    category: 'Preference',
  },
  consent: {
    name: 'cookie_consent',
    purpose: "Remembers whether you accepted or rejected our booking partner's cookies, so we ask only once.",
    lasts: '6 months',
    category: 'Strictly necessary',
  },
  flash: {
    name: 'flash',
    purpose: 'Carries a one-time notice, such as a newsletter confirmation, to the next page when JavaScript is off.',
    lasts: '1 minute',
    category: 'Strictly necessary',
  },
} as const

export type CookieInfo = (typeof COOKIES)[keyof typeof COOKIES]

/** The raw value of the cookie `name` in a Cookie header, or undefined when it is not sent. */
export function cookieValue(cookieHeader: string | null, name: string) {
  const pair = (cookieHeader ?? '').split(/;\s*/).find((candidate) => candidate.startsWith(`${name}=`))
  return pair?.slice(name.length + 1)
}
