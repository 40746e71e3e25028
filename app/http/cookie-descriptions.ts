// What the /cookies page says of each cookie in COOKIE_NAMES. Typed by its keys, so a
// cookie added there cannot be left out here.
import { COOKIE_NAMES, type CookieKey } from '~/http/cookies'

type CookieDescription = { name: string; purpose: string; lasts: string; category: 'Strictly necessary' | 'Preference' }

export const COOKIE_DESCRIPTIONS: Record<CookieKey, CookieDescription> = {
  session: {
    name: COOKIE_NAMES.session,
    purpose: 'Keeps you signed in to your account. It holds a random identifier, never your password.',
    lasts: 'Until you close your browser, or 30 days if you tick "Remember me"',
    category: 'Strictly necessary',
  },
  promoDismissed: {
    name: COOKIE_NAMES.promoDismissed,
    purpose: 'Remembers that you closed the free-session banner, so it stays closed.',
    lasts: '1 year',
    category: 'Preference',
  },
  consent: {
    name: COOKIE_NAMES.consent,
    purpose: "Remembers whether you accepted or rejected our booking partner's cookies, so we ask only once.",
    lasts: '6 months',
    category: 'Strictly necessary',
  },
  knownBrowser: {
    name: COOKIE_NAMES.knownBrowser,
    purpose:
      'Remembers, as a scrambled code and never the address itself, which accounts have signed in on this browser, so that someone trying passwords for your address elsewhere cannot lock you out here.',
    lasts: '1 year',
    category: 'Strictly necessary',
  },
  flash: {
    name: COOKIE_NAMES.flash,
    purpose: "Carries a one-time notice, such as the newsletter box's answer, to the next page when JavaScript is off.",
    lasts: '1 minute',
    category: 'Strictly necessary',
  },
}
