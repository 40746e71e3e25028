// The one place for the site's facts and business numbers (spec §1, §2, §9).
// Content, components and validation read these; nothing retypes them.

export const SITE = {
  name: 'Brightwell Tutoring',
  description:
    'Brightwell Tutoring connects students and families with vetted tutors for free open group classes and paid one-on-one or small-group lessons, online or in person.',
  supportEmail: 'support@brightwelltutoring.co.uk',
  // Where the site's notices of new messages, requests, applications and places go (OFFICE_EMAIL overrides it).
  officeEmail: 'office@brightwelltutoring.co.uk',
  // Read by the Designated Safeguarding Lead and their deputy, so a concern never waits in the support queue.
  safeguardingEmail: 'safeguarding@brightwelltutoring.co.uk',
  location: 'London, UK',
  // Social profiles render in the footer only when a real address is configured here.
  socialProfiles: [] as ReadonlyArray<{ network: SocialNetwork; href: string }>,
} as const

// The registered office in its parts, as search engines' structured data wants it (country: ISO 3166).
// SAMPLE DATA, like the company below.
export const OFFICE_ADDRESS = { street: '20 Brightwell Yard', locality: 'London', postalCode: 'EC1V 2NX', country: 'GB' } as const

// The legal entity behind the site, shown in the footer and the terms.
// SAMPLE DATA: the name, number and registered office are placeholders; replace them with
// the company's real Companies House details before launch.
export const COMPANY = {
  name: 'Brightwell Tutoring Ltd',
  registeredIn: 'England and Wales',
  number: '12345678',
  registeredOffice: `${OFFICE_ADDRESS.street}, ${OFFICE_ADDRESS.locality} ${OFFICE_ADDRESS.postalCode}`,
} as const

export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'youtube'

// spec §1: marketing claims, shown wherever the site states them.
export const CLAIMS = {
  tutors: '500+',
  tutorsLabel: 'verified tutors',
  students: '10,000+',
  studentsLabel: 'students helped',
  lessons: '50,000+',
  lessonsLabel: 'lessons completed',
  rating: '4.9/5',
  ratingLabel: 'average rating',
  support: '24/7',
  supportLabel: 'support around the clock',
  trustBadge: 'Trusted by 10,000+ students',
} as const

export type ClaimName = keyof typeof CLAIMS

// spec §2 "Contact": the side panel's hours and reply promise. Hours are London's 24-hour clock;
// `open: null` is a closed day. `weekdays` names the days as schema.org's DayOfWeek does.
export const SUPPORT = {
  replyWithin: 'within 24 hours on business days',
  hours: [
    { days: 'Mon-Fri', weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], open: { from: '09:00', to: '18:00' } },
    { days: 'Sat', weekdays: ['Saturday'], open: { from: '10:00', to: '16:00' } },
    { days: 'Sun', weekdays: ['Sunday'], open: null },
  ],
} as const

export type SupportHours = (typeof SUPPORT.hours)[number]

/** '09:00' as the site writes a time: '9:00 AM'. */
function clockTime(time: string) {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`
}

/** A row of the support hours as the site writes it: '9:00 AM-6:00 PM', or 'closed'. */
export function supportTime({ open }: SupportHours) {
  return open ? `${clockTime(open.from)}-${clockTime(open.to)}` : 'closed'
}

/** The days the office is open, as one line: 'Mon-Fri 9:00 AM-6:00 PM, Sat 10:00 AM-4:00 PM'. */
export function supportOpeningHours() {
  return SUPPORT.hours
    .filter((row) => row.open)
    .map((row) => `${row.days} ${supportTime(row)}`)
    .join(', ')
}

// spec §9: business constants and limits.
export const RULES = {
  searchMinLength: 2,
  resultsPerPage: 6,
  topRatedFrom: 4.8,
  passwordMinLength: 6,
  cancellationWindowHours: 24,
  // Lessons are booked by the hour (a tutor's weekly slots), and reminded of a day ahead.
  lessonMinutes: 60,
  reminderHoursBefore: 24,
  refundBusinessDays: '5-7',
  groupSizes: [3, 5],
  joinEarlyMinutes: 15,
  tutorMinYearsExperience: 1,
  contactBannerSeconds: 5,
  topBarHiddenAfterPx: 100,
  headerCompactAfterPx: 50,
  timetableDays: 14,
  // spec §3: the catalogue's ratings run from 4.6 to 4.9, its hourly prices from P510 to P675.
  tutorRating: { min: 4.6, max: 4.9 },
  tutorPricePerHour: { min: 510, max: 675 },
  // The office and the tutors' dashboard (issue 18).
  invitationValidDays: 7,
  officePerPage: 20,
  // A link that proves an address (a sign-up's, a newsletter subscription's), and what our forms may send one address (issue 26).
  confirmationLinkValidDays: 7,
  // Of each kind: acknowledgements, account links, account notices and account alerts (db/throttle.server.ts).
  automaticMailsPerHour: 3,
  // A shared cache (nginx, a CDN) keeps a page it may share fresh this long, then serves it stale for
  // this long more while it asks again (http/cache-control.server.ts).
  sharedPageFreshMinutes: 5,
  sharedPageStaleMinutes: 5,
  // A tutor who shows when they are online is so for this long after their last request.
  onlineForMinutes: 5,
  // Start times a tutor may offer on their weekly availability, on the hour, London time.
  tutorDayStarts: ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00'],
} as const

/** How long a tutor's card can take to say they are online, or to stop: their minutes online, and the longest a shared cache keeps a page. */
export const ONLINE_CARD_CATCHES_UP_MINUTES = RULES.onlineForMinutes + RULES.sharedPageFreshMinutes + RULES.sharedPageStaleMinutes

export type NavLink = { label: string; href: string }

// spec §2 "Shared chrome": the six header links, in order.
export const MAIN_NAV: ReadonlyArray<NavLink> = [
  { label: 'Subjects', href: '/subjects' },
  { label: 'Services', href: '/services' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'How It Works', href: '/how-it-works' },
  { label: 'Tutors', href: '/tutors' },
  { label: 'About', href: '/about' },
]

export const FOOTER_GROUPS: ReadonlyArray<{ title: string; links: ReadonlyArray<NavLink> }> = [
  {
    title: 'Learning',
    links: [
      { label: 'All Subjects', href: '/subjects' },
      { label: 'Science', href: '/science' },
      { label: 'Mathematics', href: '/math' },
      { label: 'English', href: '/english' },
      { label: 'Early Literacy', href: '/early-literacy' },
    ],
  },
  {
    title: 'Platform',
    links: [
      { label: 'Find a Tutor', href: '/tutors/find' },
      { label: 'Free Classes', href: '/classes' },
      { label: 'Services', href: '/services' },
      { label: 'Pricing', href: '/pricing' },
      { label: 'How It Works', href: '/how-it-works' },
      { label: 'Our Pillars', href: '/pillars' },
      { label: 'For Students', href: '/students' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help & FAQs', href: '/students/faqs' },
      { label: 'Contact Us', href: '/contact' },
      { label: 'Trust & Safety', href: '/trust-and-safety' },
      { label: 'Cancellation & Refunds', href: '/cancellation-and-refund' },
      { label: 'Safeguarding', href: '/safeguarding' },
      { label: 'About Us', href: '/about' },
    ],
  },
  {
    title: 'For Tutors',
    links: [
      { label: 'Teach With Us', href: '/tutors' },
      { label: 'Apply to Tutor', href: '/tutors/apply' },
      { label: 'How Booking Works', href: '/services/how-booking-works' },
    ],
  },
]

// spec §2 "Contact": the side panel's quick links.
export const CONTACT_QUICK_LINKS: ReadonlyArray<NavLink> = [
  { label: 'Our services', href: '/services' },
  { label: 'About us', href: '/about' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'Our tutors', href: '/tutors' },
]

export const LEGAL_LINKS: ReadonlyArray<NavLink> = [
  { label: 'Terms', href: '/terms' },
  { label: 'Privacy', href: '/privacy' },
  { label: 'Cookies', href: '/cookies' },
  { label: 'Accessibility', href: '/accessibility' },
  { label: 'Reviews Policy', href: '/reviews-policy' },
]

/** spec §9: every page's title is its own part, then the product name. */
export function pageTitle(title: string) {
  return `${title} | ${SITE.name}`
}

/**
 * Pages that are one person's, or open only with a link's token: search engines are asked not to
 * crawl them (robots.txt), told not to index them (`noindex`), and the sitemap never lists them.
 * Every path under each counts too.
 */
export const NOT_INDEXED_PATHS = ['/office', '/dashboard', '/account', '/confirm-email', '/reset-password', '/tutor-invitation', '/newsletter/unsubscribe', '/newsletter/confirm', '/confirm-lesson-request'] as const

/**
 * A path as our links write it: lower case, no empty segment, no trailing slash but the root's. The
 * router matches a path in any case and with a trailing slash, so `/Contact/` is the contact page too.
 */
export function canonicalPathname(pathname: string) {
  const collapsed = pathname.toLowerCase().replace(/\/{2,}/g, '/')
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed
}

/** Whether search engines may index the page at `pathname`, as our links write it (canonicalPathname). */
export function isIndexedPath(pathname: string) {
  return !NOT_INDEXED_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
}
