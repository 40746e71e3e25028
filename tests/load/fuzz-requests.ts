// What the fuzz sends: every route found in app/routes and every content page, each GET with a hostile query
// string and each action with a malformed body. Bodies start from a nearly valid form so
// they reach deep into the actions, and are then made invalid for certain (checked by
// parsing them as the server does and running the app's own form rules), so that any
// stored row is a bug.
import { installGlobals } from '@remix-run/node'

import { ClassReservationSchema } from '~/forms/class-reservation'
import { CONTACT_SUBJECTS, ContactSchema } from '~/forms/contact'
import { LessonRequestSchema } from '~/forms/lesson-request'
import { LoginSchema } from '~/forms/login'
import { NewsletterSchema } from '~/forms/newsletter'
import { ForgotPasswordSchema, ResetPasswordSchema } from '~/forms/password-reset'
import { checkForm, readFormInput, type FormSchema } from '~/forms/rules'
import { SignupSchema } from '~/forms/signup'
import { SOCIAL_PROVIDERS } from '~/forms/social-sign-in'
import { TutorAccountSchema } from '~/forms/tutor-account'
import { APPLICATION_LEVELS, APPLICATION_SUBJECTS, TutorApplicationSchema } from '~/forms/tutor-application'
import { SEARCH_OPTIONS } from '~/tutors/options'

import remixConfig from '../../remix.config.js'
import { type Route } from '../tools/route-files'
import type { Random } from './random'
import type { TutorSlots } from './tutor-slots'

// remix-serve reads bodies with the fetch classes it installs (Node's own only with single
// fetch on), and the two disagree on malformed bodies: the installed one reads
// "application/x-www-form-urlencodedx" as a form, for one. Parse with the same classes here.
installGlobals({ nativeFetch: Boolean(remixConfig.future?.v3_singleFetch) })

type FilePart = { filename: string; type: string; data: Buffer }
type Entry = [name: string, value: string | FilePart]

// The forms that write to the database when valid: the fields each reads, and whether a body passes
// its rules, so that every body sent to them is invalid for certain.
const rulesOf = (schema: FormSchema) => ({
  fields: Object.keys(schema.entries),
  passes: (form: FormData) => checkForm(schema, readFormInput(schema, form)).success,
})

const FORM_RULES: Record<string, { fields: readonly string[]; passes: (form: FormData) => boolean }> = {
  'routes/contact': rulesOf(ContactSchema),
  'routes/newsletter': rulesOf(NewsletterSchema),
  'routes/tutors.$id': rulesOf(LessonRequestSchema),
  'routes/classes': rulesOf(ClassReservationSchema),
  'routes/tutors.apply': rulesOf(TutorApplicationSchema),
  'routes/signup': rulesOf(SignupSchema),
  'routes/login': rulesOf(LoginSchema),
  'routes/forgot-password': rulesOf(ForgotPasswordSchema),
  'routes/reset-password': rulesOf(ResetPasswordSchema),
  'routes/tutor-invitation': rulesOf(TutorAccountSchema),
}

// Actions that store no submission of a form: they set a cookie, end a session, act only on a
// token the fuzz cannot know, or (the office's, a tutor's dashboard, the account page) refuse
// everyone but staff, a tutor or a signed-in account before any form is read; the fuzz is none of
// them (tests/unit/account-hostile-posts.test.ts sends the account page's forms junk signed in).
const ACTIONS_WITHOUT_FORM_RULES = new Set([
  'routes/$',
  // Confirms only with a live link of the signed-in account's own, which no fuzzed request has.
  'routes/confirm-email',
  // Sends only the request of a live link, which no fuzzed request has.
  'routes/confirm-lesson-request',
  'routes/cookie-consent',
  'routes/logout',
  'routes/newsletter_.confirm',
  'routes/newsletter_.unsubscribe',
  'routes/promo-banner',
  'routes/dashboard',
  'routes/account',
  'routes/office.applications.$id',
  'routes/office.classes',
  'routes/office.lessons.$id',
  'routes/office.mail',
  'routes/office.messages.$id',
  'routes/office.tutors',
  // Files: any post is answered 405 (refuseAnyPost).
  'routes/account.data[.]json',
  'routes/dashboard.lessons.$id[.]ics',
  'routes/office.newsletter[.]csv',
  'routes/robots[.]txt',
  'routes/share-card[.]png',
  'routes/sitemap[.]xml',
])

/** Fails before anything is sent if an action is in neither list, so no new form is fuzzed with valid bodies. */
export function checkEveryActionIsKnown(actions: Route[]) {
  const unknown = actions.filter((route) => !(route.id in FORM_RULES) && !ACTIONS_WITHOUT_FORM_RULES.has(route.id))
  if (unknown.length > 0) {
    throw new Error(`fuzz: add the form rules of ${unknown.map((route) => route.id).join(', ')} to FORM_RULES (or, if it stores no form, to ACTIONS_WITHOUT_FORM_RULES)`)
  }
}

const JUNK = [
  '', ' ', '\t\r\n', 'null', 'undefined', 'true', '0', '-1', '1e999', 'NaN', '[object Object]', '__proto__', 'constructor',
  "'; DROP TABLE users; --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '\u0000', 'a\u0000b@example.com',
  '\r\nSet-Cookie: x=1', 'Zoë Ångström', 'مرحبا بالعالم', '𝕳𝖊𝖑𝖑𝖔', '👩🏽‍🏫📚', 'e\u0301', '\u202Egnp.exe', '\u200B', '\uFEFF',
  '\uD800', 'x\uDFFFy', 'x@y', '@', 'a@b.c ', 'ada@@example.com', 'ada@example', ' @example.com', 'ada example.com',
  '//evil.example', '/\\evil.example', 'https://evil.example/', '/%0d%0aLocation:%20https://evil.example', 'javascript:alert(1)',
  'social:Google', 'social:', 'social:__proto__', 'on', 'off', '2001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z',
]
const UNICODE = ['Zoë', 'Ångström', 'مرحبا', 'שלום', '日本語', '한국어', '👩🏽‍🏫', '𝕳𝖊𝖑𝖑𝖔', 'e\u0301', '\u202E', '\u200B', 'ß', 'İ']
const MALFORMED_PERCENT = ['%', '%%', '%zz', '%E0%A4%A', '%C0%AF', '%FF%FE', '%00', '%u0041', '%2', '%%32%30']
const EXTRA_KEYS = ['website', 'provider', '__proto__', 'constructor', '_data', 'intent', 'redirectTo', 'remember', 'token', 'x', '', 'name[]', 'a"b', 'ünï']
const ONE_MB = 1024 * 1024

// Like encodeURIComponent, but a lone surrogate becomes U+FFFD (as browsers send it) instead of throwing.
const percentEncode = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'))

/** About 1 MB on the wire whatever the encoding (unicode would triple or ninefold it once percent-encoded). */
function oneMegabyte(random: Random) {
  return random.pick(['x', 'ab ', '0123456789']).repeat(ONE_MB).slice(0, ONE_MB)
}

function longText(random: Random, length: number) {
  const unit = random.pick(['x', 'é', '日', '👩🏽‍🏫', 'ab ', '\u0000'])
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length)
}

// Text that sends a backtracking pattern into seconds of CPU (issue 26: a 60,000-dot address took
// 10 s): runs of what an address check splits on, near-addresses and nested quotes, sized to fit
// in a body under the 64 KB limit so it reaches the form rules.
const BACKTRACKING = [(n: number) => `a@${'.'.repeat(n)}@`, (n: number) => `a@b${'.c'.repeat(n / 2)}`, (n: number) => '@'.repeat(n), (n: number) => `a${' '.repeat(n)}a`, (n: number) => 'a.b@'.repeat(n / 4), (n: number) => `"'\``.repeat(n / 3), (n: number) => 'www.a@b. '.repeat(n / 9)]

function junkValue(random: Random): string {
  const roll = random.next()
  if (roll < 0.5) return random.pick(JUNK)
  if (roll < 0.6) return random.pick(BACKTRACKING)(random.int(20_000, 60_000))
  if (roll < 0.8) return Array.from({ length: random.int(1, 4) }, () => random.pick(UNICODE)).join(random.pick(['', ' ', '@', '.']))
  return longText(random, random.pick([101, 255, 3001, 5001, random.int(6_000, 30_000)]))
}

function plausibleEntries(routeId: string, random: Random, tutor: TutorSlots | undefined): Entry[] {
  const email = random.pick(['ada@example.com', 'Grace.Hopper@example.org', 'zoë@exämple.com', 'a@b.co'])
  const password = random.pick(['secret12', 'correct horse battery', 'pässwörd'])
  switch (routeId) {
    case 'routes/contact':
      return [['name', 'Ada Lovelace'], ['email', email], ['subject', random.pick(CONTACT_SUBJECTS)], ['message', 'I would like to know more about lessons.']]
    case 'routes/newsletter':
      return [['email', email], ['redirectTo', random.pick(['/', '/about', '/tutors/find?subject=math'])]]
    case 'routes/tutors.$id':
      return [
        ['slot', tutor?.slots.length ? random.pick(tutor.slots) : new Date(Date.now() + 86_400_000).toISOString()],
        ['name', 'Ada Lovelace'],
        ['email', email],
        ['message', 'Looking forward to it.'],
      ]
    case 'routes/classes':
      return [
        ['session', `${random.pick(['gcse-maths-clinic', 'phonics-small-group', 'no-such-class'])}@${new Date(Date.now() + random.int(0, 14) * 86_400_000).toISOString().slice(0, 10)}`],
        ['name', 'Ada Lovelace'],
        ['email', email],
        ['yearGroup', random.pick(['Year 7', 'Year 13', 'Reception'])],
      ]
    case 'routes/tutors.apply':
      return [
        ['name', 'Ada Lovelace'],
        ['email', email],
        ['subjects', random.pick(APPLICATION_SUBJECTS)],
        ['subjects', random.pick(APPLICATION_SUBJECTS)],
        ['levels', random.pick(APPLICATION_LEVELS)],
        ['experienceYears', String(random.int(1, 30))],
        ['hasEquipment', 'on'],
        ['statement', 'I have taught physics for years and enjoy helping students see how ideas connect.'],
      ]
    case 'routes/signup':
      return [['name', 'Ada Lovelace'], ['email', email], ['password', password], ['confirmPassword', password]]
    case 'routes/login':
      return [['email', email], ['password', password], ['remember', 'on'], ['redirectTo', '/dashboard']]
    case 'routes/forgot-password':
      return [['email', email]]
    case 'routes/reset-password':
    case 'routes/tutor-invitation':
      return [['token', random.bytes(32).toString('base64url')], ['name', 'Ada Lovelace'], ['password', password], ['confirmPassword', password]]
    case 'routes/confirm-email':
    case 'routes/confirm-lesson-request':
      return [['token', random.bytes(32).toString('base64url')]]
    case 'routes/promo-banner':
      return [['redirectTo', random.pick(['/', '/pricing', random.pick(JUNK)])]]
    default:
      return Array.from({ length: random.int(0, 3) }, (): Entry => [random.pick(EXTRA_KEYS), junkValue(random)])
  }
}

function mutate(entries: Entry[], random: Random): Entry[] {
  const result = [...entries]
  const name = () => (result.length > 0 && random.chance(0.8) ? random.pick(result)[0] : random.pick(EXTRA_KEYS))
  for (let count = random.int(1, 3); count > 0; count--) {
    const field = name()
    switch (random.int(0, 6)) {
      case 0: // missing field
        for (let index = result.length - 1; index >= 0; index--) if (result[index]![0] === field) result.splice(index, 1)
        break
      case 1: // blank or junk value
        for (const entry of result) if (entry[0] === field) entry[1] = junkValue(random)
        break
      case 2: // repeated key, the extra value first or last
        if (random.chance(0.5)) result.unshift([field, junkValue(random)])
        else result.push([field, junkValue(random)])
        break
      case 3: // unknown keys, the honeypot and the social-login intent among them
        result.push([random.pick(EXTRA_KEYS), random.chance(0.3) ? random.pick(SOCIAL_PROVIDERS) : junkValue(random)])
        break
      case 4: // a file where text belongs
        result.push([field, { filename: random.pick(['a.txt', 'x.png', '', '../../etc/passwd', 'ü.bin']), type: 'application/octet-stream', data: random.bytes(random.int(0, 2048)) }])
        break
      case 5: // NUL bytes and control characters inside an otherwise plausible value
        for (const entry of result) if (entry[0] === field && typeof entry[1] === 'string') entry[1] = `${entry[1]}\u0000\u0007\r\n`
        break
      default: // a 1 MB value
        result.push([field, oneMegabyte(random)])
    }
  }
  return result
}

const BODY_KINDS = [
  ['urlencoded', 30], ['multipart', 18], ['urlencoded, malformed', 8], ['multipart, malformed', 7], ['json', 8], ['text', 5],
  ['binary', 7], ['wrong content type', 9], ['empty', 4], ['1 MB value', 4],
] as const
export type BodyKind = (typeof BODY_KINDS)[number][0]

function pickWeighted<T extends string>(random: Random, options: ReadonlyArray<readonly [T, number]>): T {
  let roll = random.next() * options.reduce((sum, [, weight]) => sum + weight, 0)
  for (const [option, weight] of options) {
    roll -= weight
    if (roll < 0) return option
  }
  return options.at(-1)![0]
}

const asText = (value: Entry[1]) => (typeof value === 'string' ? value : value.data.toString('utf8'))

function urlencode(entries: Entry[]) {
  return Buffer.from(new URLSearchParams(entries.map(([name, value]): [string, string] => [name, asText(value)])).toString())
}

function multipart(entries: Entry[], boundary: string) {
  const parts = entries.map(([name, value]) => {
    const disposition = `Content-Disposition: form-data; name="${name}"${typeof value === 'string' ? '' : `; filename="${value.filename}"\r\nContent-Type: ${value.type}`}`
    return Buffer.concat([Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n`), typeof value === 'string' ? Buffer.from(value) : value.data, Buffer.from('\r\n')])
  })
  return Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)])
}

type EncodedBody = { contentType?: string; body: Buffer }

function encode(kind: BodyKind, entries: Entry[], random: Random): EncodedBody {
  const FORM = 'application/x-www-form-urlencoded'
  const boundary = `----fuzz${random.bytes(8).toString('hex')}`
  switch (kind) {
    case 'urlencoded':
    case '1 MB value':
      return { contentType: random.chance(0.8) ? FORM : `${FORM}; charset=UTF-8`, body: urlencode(entries) }
    case 'multipart':
      return { contentType: `multipart/form-data; boundary=${boundary}`, body: multipart(entries, boundary) }
    case 'urlencoded, malformed': {
      const broken = Array.from({ length: random.int(1, 4) }, () => `${random.pick(['', '&', '=', '&&=='])}${random.pick(MALFORMED_PERCENT)}`)
      const raw = [urlencode(entries).toString(), ...broken, `email=${random.pick(MALFORMED_PERCENT)}`, Buffer.from(random.pick(UNICODE)).toString('latin1')]
      return { contentType: FORM, body: Buffer.from(raw.join('&'), 'latin1') }
    }
    case 'multipart, malformed': {
      const body = multipart(entries, boundary)
      return random.pick([
        { contentType: 'multipart/form-data', body },
        { contentType: `multipart/form-data; boundary=${boundary}x`, body },
        { contentType: `multipart/form-data; boundary=${boundary}`, body: body.subarray(0, random.int(0, body.length - 1)) },
        { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(body.toString('latin1').replace(/Content-Disposition/g, 'Content-Dispositio'), 'latin1') },
        { contentType: `multipart/form-data; boundary="${boundary}"; boundary=other`, body },
      ])
    }
    case 'json':
      return {
        contentType: random.pick(['application/json', FORM, 'text/plain', 'application/json; charset=utf-8']),
        body: Buffer.from(JSON.stringify(Object.fromEntries(entries.map(([name, value]) => [name, asText(value)])))),
      }
    case 'text':
      return { contentType: 'text/plain', body: Buffer.from(entries.map(([name, value]) => `${name}=${asText(value)}`).join('\n')) }
    case 'binary':
      return {
        contentType: random.pick([undefined, 'application/octet-stream', FORM, `multipart/form-data; boundary=${boundary}`, 'image/png']),
        body: random.bytes(random.int(1, 4096)),
      }
    case 'wrong content type':
      return {
        contentType: random.pick([undefined, 'text/xml', 'multipart/form-data', 'application/x-www-form-urlencodedx', ';;;', 'form', `multipart/mixed; boundary=${boundary}`]),
        body: urlencode(entries),
      }
    case 'empty':
      return { contentType: random.pick([FORM, `multipart/form-data; boundary=${boundary}`, undefined]), body: Buffer.alloc(0) }
  }
}

/** The form the server would read from these bytes, or null where it answers 400. */
export async function parseLikeServer({ contentType, body }: EncodedBody): Promise<FormData | null> {
  try {
    return await new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType ?? '' } }).formData()
  } catch {
    return null
  }
}

/** Encodes the entries, and if the result could pass the form's rules, takes fields away until it cannot. */
async function encodeInvalid(routeId: string, kind: BodyKind, entries: Entry[], random: Random): Promise<EncodedBody> {
  const rules = FORM_RULES[routeId]
  let current = entries
  for (let attempt = 0; attempt < 20; attempt++) {
    const encoded = encode(kind, current, random)
    const form = rules ? await parseLikeServer(encoded) : null
    if (!rules || !form || !rules.passes(form)) return encoded
    const field = random.pick(rules.fields)
    current = random.chance(0.5) ? current.filter(([name]) => name !== field) : current.map(([name, value]): Entry => [name, name === field ? random.pick(JUNK) : value])
  }
  throw new Error(`could not make an invalid ${kind} body for ${routeId}`)
}

export type CrossSite = 'Sec-Fetch-Site: cross-site, no Origin' | 'foreign Origin, page post' | 'foreign Origin, data request' | 'Origin: null, page post' | 'Origin: null, data request'

export type FuzzRequest = {
  label: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: Buffer
  chunks?: Buffer[]
  /** What was sent, for reports: the body kind of a post, the query kind of a GET. */
  kind: string
  crossSite?: CrossSite
  /** A page (not data) post whose Origin names another host: Remix itself refuses it before our code runs. */
  remixRefusesOrigin: boolean
  /** A well-formed login for an account that does not exist: counted by the throttle on purpose. */
  wrongPasswordLogin: boolean
  /** Over the 64 KB limit, to a route that reads its body first: must be 413. */
  oversized: boolean
}

// Dot segments and /tutors only in GETs: in a post they can lead to a page without an action, which
// Remix answers with 405 before reading the body, and that is not what a post to an action tests.
function concretePath(route: Route, random: Random, tutors: TutorSlots[], { forPost = false } = {}) {
  const segments = ['a', percentEncode(random.pick(UNICODE)), 'x'.repeat(300), '%', ...(forPost ? [] : ['tutors', '..', '%2e%2e'])]
  return route.pattern
    .replace(':id', () => (random.chance(0.8) ? random.pick(tutors).id : percentEncode(junkValue(random).slice(0, 200)) || 'x'))
    .replace('*', () => Array.from({ length: random.int(1, 4) }, () => random.pick(segments)).join('/'))
}

/** Breaks the body into pieces sent with Transfer-Encoding: chunked. */
function chunked(body: Buffer, random: Random) {
  const chunks: Buffer[] = []
  for (let offset = 0; offset < body.length; ) {
    const size = random.int(1, Math.max(1, Math.min(body.length - offset, 65_536)))
    chunks.push(body.subarray(offset, offset + size))
    offset += size
  }
  return chunks
}

function hostOf(origin: string) {
  try {
    return new URL(origin).host
  } catch {
    return origin
  }
}

// Actions that read the body before anything else, so a body over the limit must get 413.
const READS_BODY_FIRST = new Set(Object.keys(FORM_RULES).concat(['routes/logout', 'routes/promo-banner', 'routes/newsletter_.confirm', 'routes/newsletter_.unsubscribe']))

const CROSS_SITE: readonly CrossSite[] = [
  'Sec-Fetch-Site: cross-site, no Origin',
  'foreign Origin, page post',
  'foreign Origin, data request',
  'Origin: null, page post',
  'Origin: null, data request',
]

/** The headers of a post from another site as a browser would send them, and whether it is a data request. */
function crossSiteHeaders(variant: CrossSite): { headers: Record<string, string>; isDataRequest: boolean } {
  switch (variant) {
    case 'Sec-Fetch-Site: cross-site, no Origin':
      return { headers: { 'Sec-Fetch-Site': 'cross-site' }, isDataRequest: false }
    case 'foreign Origin, page post':
    case 'foreign Origin, data request':
      return { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }, isDataRequest: variant.endsWith('data request') }
    case 'Origin: null, page post':
    case 'Origin: null, data request':
      return { headers: { Origin: 'null' }, isDataRequest: variant.endsWith('data request') }
  }
}

export async function createPost(route: Route, origin: string, random: Random, tutors: TutorSlots[]): Promise<FuzzRequest> {
  const path = requestLineSafe(concretePath(route, random, tutors, { forPost: true }))
  const tutor = tutors.find((candidate) => path === `/tutors/${candidate.id}`)
  const roll = random.next()
  const crossSite = roll < 0.07 ? random.pick(CROSS_SITE) : undefined
  let headers: Record<string, string> = {}
  let isDataRequest = random.chance(0.3)
  if (crossSite) ({ headers, isDataRequest } = crossSiteHeaders(crossSite))
  else if (roll < 0.95) headers = random.chance(0.5) ? { Origin: origin, 'Sec-Fetch-Site': 'same-origin' } : { Origin: origin }
  // else: no Origin at all, as from a script rather than a browser
  const url = isDataRequest ? `${path}?_data=${percentEncode(route.id)}` : path

  const wrongPasswordLogin = route.id === 'routes/login' && !crossSite && random.chance(0.1)
  let encoded: EncodedBody
  let kind: BodyKind | 'well-formed login, unknown account'
  if (wrongPasswordLogin) {
    kind = 'well-formed login, unknown account'
    encoded = {
      contentType: 'application/x-www-form-urlencoded',
      body: Buffer.from(new URLSearchParams({ email: `nobody-${random.int(1, 3)}@example.com`, password: 'not-the-password' }).toString()),
    }
  } else {
    kind = pickWeighted(random, BODY_KINDS)
    const entries = kind === '1 MB value' ? [...plausibleEntries(route.id, random, tutor), ['message', oneMegabyte(random)] as Entry] : mutate(plausibleEntries(route.id, random, tutor), random)
    encoded = await encodeInvalid(route.id, kind, entries, random)
  }
  if (encoded.contentType !== undefined) headers['Content-Type'] = encoded.contentType
  const sendChunked = random.chance(0.15)
  const pathIsKnown = route.pattern !== '/tutors/:id' || tutor !== undefined
  return {
    label: route.pattern,
    method: 'POST',
    path: url,
    headers,
    ...(sendChunked ? { chunks: chunked(encoded.body, random) } : { body: encoded.body }),
    kind: `${kind}${sendChunked ? ', chunked' : ''}`,
    crossSite,
    remixRefusesOrigin: !isDataRequest && headers['Origin'] !== undefined && hostOf(headers['Origin']) !== hostOf(origin),
    wrongPasswordLogin,
    oversized: encoded.body.length > 64 * 1024 && READS_BODY_FIRST.has(route.id) && pathIsKnown && !crossSite,
  }
}

// Query keys the loaders read, plus Remix's own.
const QUERY_KEYS = ['subject', 'level', 'availability', 'rating', 'mode', 'q', 'sort', 'page', 'notice', 'redirectTo', 'token', 'search', '_data', 'index']
const QUERY_KINDS = ['plausible', 'junk', 'unicode', 'raw UTF-8', 'malformed percent', 'repeated keys', 'huge', 'over 16 KB', 'no query'] as const

const plausibleQueryValue = (key: string, random: Random, route: Route) =>
  ({
    subject: random.pick(SEARCH_OPTIONS.subjects).value,
    level: random.pick(SEARCH_OPTIONS.levels).value,
    availability: random.pick(SEARCH_OPTIONS.availability).value,
    rating: random.pick(SEARCH_OPTIONS.ratings).value,
    mode: random.pick(SEARCH_OPTIONS.modes).value,
    sort: random.pick(SEARCH_OPTIONS.sorts).value,
    page: String(random.int(-2, 12)),
    notice: random.pick(['created', 'logged-out', 'required', 'password-changed', 'nope']),
    _data: random.pick([route.id, 'root', 'routes/contact', 'routes/nope']),
  })[key] ?? random.pick(['math', 'amelia', '/dashboard', 'a', ''])

/** Percent-encodes only what Node refuses to put in a request line (spaces, controls, anything past U+00FF). */
function requestLineSafe(text: string) {
  return [...text].map((char) => (/[\u0021-\u00ff]/.test(char) ? char : percentEncode(char))).join('')
}

function queryString(kind: (typeof QUERY_KINDS)[number], random: Random, route: Route): string {
  const key = () => random.pick(QUERY_KEYS)
  const pairs = (count: number, value: (key: string) => string) => Array.from({ length: count }, () => {
    const name = key()
    return `${name}=${value(name)}`
  })
  switch (kind) {
    case 'plausible':
      return pairs(random.int(1, 4), (name) => percentEncode(plausibleQueryValue(name, random, route))).join('&')
    case 'junk':
      return pairs(random.int(1, 4), () => percentEncode(junkValue(random).slice(0, 2000))).concat(random.pick(['', '&&&', '=', '=x', 'a[b]=c', '__proto__[x]=1'])).join('&')
    case 'unicode':
      return pairs(random.int(1, 3), () => percentEncode(random.pick(UNICODE))).join('&')
    case 'raw UTF-8':
      // Bytes above 0x7F straight in the request line, as some clients send them.
      return pairs(random.int(1, 3), () => Buffer.from(random.pick(UNICODE)).toString('latin1')).join('&')
    case 'malformed percent':
      return pairs(random.int(1, 3), () => random.pick(MALFORMED_PERCENT)).concat(random.pick(MALFORMED_PERCENT)).join('&')
    case 'repeated keys': {
      const name = key()
      return Array.from({ length: random.int(2, 30) }, () => `${name}=${percentEncode(random.chance(0.3) ? '' : plausibleQueryValue(name, random, route))}`).join('&')
    }
    case 'huge':
      return `${key()}=${percentEncode(longText(random, random.int(2_000, 4_000)))}`
    case 'over 16 KB':
      return `${key()}=${'x'.repeat(random.int(17_000, 40_000))}`
    case 'no query':
      return ''
  }
}

const COOKIES = [
  '__session=%E0%A4%A', '__session=abc', '__session=eyJ0b2tlbiI6IngifQ%3D%3D.bad-signature', 'flash=%', 'flash=newsletter%3Acheck-inbox',
  'flash=__proto__', 'promo_dismissed=1', 'promo_dismissed=1; promo_dismissed=0', `__session=${'x'.repeat(4000)}`, '; ;=;',
]

export function createGet(route: Route, random: Random, tutors: TutorSlots[]): FuzzRequest {
  const kind = random.pick(QUERY_KINDS)
  const query = queryString(kind, random, route)
  const headers: Record<string, string> = {}
  if (random.chance(0.15)) headers['Cookie'] = random.pick(COOKIES)
  return {
    label: route.pattern,
    method: 'GET',
    path: requestLineSafe(`${concretePath(route, random, tutors)}${query === '' ? '' : `?${query}`}`),
    headers,
    kind: `${kind}${headers['Cookie'] ? ', odd cookie' : ''}`,
    remixRefusesOrigin: false,
    wrongPasswordLogin: false,
    oversized: false,
  }
}
