// The field rules the forms' schemas are built from, and the one way a form's fields are
// read and checked. No .server suffix: the browser runs the same schemas before a form is
// sent (so errors show at once), and the action runs them again on what arrives.
import * as v from 'valibot'

import { ENHANCED_FIELD } from '~/http/enhanced-post'
import { MESSAGES } from '~/messages'
import { RULES } from '~/site'

export const LIMITS = {
  name: 100,
  // RFC 5321 caps an address at 254 characters.
  email: 254,
  password: 200,
  subject: 150,
  message: 5000,
  statement: 3000,
} as const

const tooLong = (length: number) => `Please keep this under ${length} characters`
const NAME_WITH_WEB_ADDRESS = 'Please enter your name without a web address'

// Every field's length is checked first, and a transformation (trim) follows it: valibot stops a
// pipe at a transformation once a check has failed, so no later rule ever sees an over-long value.

// What a mailbox name may hold: the browser's own rule (RFC 5322's atext and dots) without `%` and
// `?`, which would read as escapes and parameters in a mailto: link. No `<`, `(`, `"`, `,` or space:
// nothing a mail library could read as a display name or a second address (issue 26: a typed
// `x<carol@example.com>` went to carol, counted as another recipient).
const LOCAL_PART = /^[A-Za-z0-9.!#$&'*+/=^_`{|}~-]+$/
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/

/**
 * An address as the browser's own check accepts it, with a dot in its domain: a mailbox name of
 * plain characters, `@`, and labels of letters, digits and inner hyphens. Each pattern is one
 * character class, run on a part already cut to its length, so none can backtrack.
 */
export function isEmailAddress(value: string) {
  const at = value.indexOf('@')
  if (at <= 0 || at > 64 || at !== value.lastIndexOf('@') || !LOCAL_PART.test(value.slice(0, at))) return false
  const labels = value.slice(at + 1).split('.')
  return labels.length >= 2 && labels.every((label) => label.length <= 63 && DOMAIN_LABEL.test(label))
}

const MOST_USED_DOMAIN_ENDING = /[A-Za-z0-9-]\.(?:com|net|org|info|biz|io|co|uk|xyz|top|online|site|shop|store|app|help|link|click|live|ru|cn)(?![a-z])/i

/**
 * A name is where spam puts its link ("Hello www.example.com,"): an `@`, a scheme, `www.`, or a
 * dot followed by two lower-case letters or by two capitals that do not begin a lower-case word,
 * as in a domain written either way. "J.R. Hall", "St.John" and "J.R.R. TOLKIEN" stay names.
 * A domain in mixed case ("Example.Com") cannot be told from "St.John" by its letters, and mail
 * apps still make it a link, so the endings spam uses most are refused in any case; none is a name
 * (particles such as "De" or "Al" are left out). So is a dotted word with a path or a query straight
 * after it, the shape of a short link ("Bit.Ly/x7", "Win.Cash?x=7"), in any case: a name has no use
 * for it. What is left (a domain in mixed case with an ending no list has, and nothing after it) a
 * heuristic cannot tell from a name.
 */
export function looksLikeWebAddress(value: string) {
  return /@|:\/\/|[Ww]{3}\.|[A-Za-z0-9-]\.(?:[a-z]{2}|[A-Z]{2}(?![a-z])|[A-Za-z]{2,24}[/?])/.test(value) || MOST_USED_DOMAIN_ENDING.test(value)
}

// Characters that reverse how the text around them reads (U+202A-202E, U+2066-2069): only a forged post has them.
const DIRECTION_OVERRIDES = /[\u202A-\u202E\u2066-\u2069]/g

/**
 * A name on one line, as a browser's text box sends it: any run of line breaks, tabs, other control
 * characters or spaces becomes one space, and direction overrides go. Only a forged post has them,
 * and the name is the greeting of e-mails to an address no one has proven yet, where a line break
 * would start a paragraph of the sender's own.
 */
function onOneLine(value: string) {
  return value.replace(DIRECTION_OVERRIDES, '').replace(/[\s\p{Cc}]+/gu, ' ')
}

/**
 * Text as it was typed: a line break is the one character the box's maxlength counted, though a post
 * without JavaScript sends it as CR LF; and no control character but tabs and line breaks, nor a
 * direction override, which only a forged post has, and which would travel on into e-mails.
 */
function asTyped(value: string) {
  return value.replace(/\r\n?/g, '\n').replace(DIRECTION_OVERRIDES, '').replace(/(?![\t\n])\p{Cc}/gu, '')
}

/** What is left of a text once it is typed out: CR LF pairs may make what arrives twice as long. */
function TypedText(maxLength: number) {
  return v.pipe(v.string(), v.maxLength(2 * maxLength, tooLong(maxLength)), v.transform(asTyped), v.maxLength(maxLength, tooLong(maxLength)), v.trim())
}

/** Text that must be given, trimmed; `required` is the message when it is empty. */
export function RequiredText(required: string, maxLength: number) {
  return v.pipe(TypedText(maxLength), v.nonEmpty(required))
}

/** Text that may be left empty, trimmed. */
export function OptionalText(maxLength: number) {
  return TypedText(maxLength)
}

// A character that shows: neither white space nor an invisible format character (zero-width
// spaces and joiners, the byte-order mark).
const VISIBLE = /[^\s\p{Cf}]/u

/** A person's name: required, on one line, trimmed, and never a web address (see looksLikeWebAddress). */
export function PersonName(required: string) {
  return v.pipe(
    v.string(),
    v.maxLength(LIMITS.name, tooLong(LIMITS.name)),
    v.transform(onOneLine),
    v.trim(),
    v.nonEmpty(required),
    // A zero-width space alone would greet 'Hello ,'.
    v.check((name) => VISIBLE.test(name), required),
    v.check((name) => !looksLikeWebAddress(name), NAME_WITH_WEB_ADDRESS),
  )
}

/**
 * A value the page itself puts in the form (a return path, a token, a flag): what arrives, or ''
 * when it is longer than any such value of ours, so a forged one is simply not recognised.
 */
export function HiddenValue(maxLength: number) {
  return v.pipe(v.string(), v.transform((value) => (value.length > maxLength ? '' : value)))
}

/** One of a fixed list, as a select sends it: `required` when none is chosen, `notListed` for anything else. */
export function OneOf<const Options extends readonly string[]>(options: Options, required: string, notListed = required) {
  const longest = Math.max(...options.map((option) => option.length))
  return v.pipe(
    v.string(),
    v.maxLength(longest + 100, notListed),
    v.trim(),
    v.nonEmpty(required),
    v.check((value) => options.includes(value), notListed),
    v.transform((value) => value as Options[number]),
  )
}

/** At least one of a fixed list, as a group of checkboxes sends it; repeats count once. */
export function SomeOf<const Options extends readonly string[]>(options: Options, message: string) {
  return v.pipe(
    v.array(v.string()),
    v.check((chosen) => chosen.length > 0 && chosen.every((item) => options.includes(item)), message),
    v.transform((chosen) => [...new Set(chosen)] as Options[number][]),
  )
}

/** A whole number of at most three digits, from `minimum` up. */
export function WholeNumberFrom(minimum: number, required: string, tooSmall: string) {
  return v.pipe(
    v.string(),
    v.maxLength(100, tooSmall),
    v.trim(),
    v.nonEmpty(required),
    v.regex(/^\d{1,3}$/, tooSmall),
    v.transform(Number),
    v.minValue(minimum, tooSmall),
  )
}

// spec §5: the e-mail and password rules shared by login, sign-up and reset.
export const EmailField = v.pipe(
  v.string(),
  v.maxLength(LIMITS.email, MESSAGES.emailInvalid),
  v.trim(),
  v.nonEmpty(MESSAGES.emailRequired),
  v.check(isEmailAddress, MESSAGES.emailInvalid),
)

// Never trimmed: a password is exactly what was typed. Spaces alone count as none.
export const PasswordField = v.pipe(
  v.string(),
  v.maxLength(LIMITS.password, tooLong(LIMITS.password)),
  v.check((value) => value.trim() !== '', MESSAGES.passwordRequired),
  v.minLength(RULES.passwordMinLength, MESSAGES.passwordTooShort),
)

export const ConfirmPasswordField = v.pipe(v.string(), v.maxLength(LIMITS.password, tooLong(LIMITS.password)), v.nonEmpty(MESSAGES.confirmPassword))

/**
 * spec §5: a confirmation that differs from the password says "Passwords do not match", on
 * the confirmation's field, even while the password breaks a rule of its own.
 */
export function confirmationMatches<Input extends { password: string; confirmPassword: string }>() {
  return v.forward<Input, v.RawCheckIssue<Input>, ['confirmPassword']>(
    v.rawCheck<Input>(({ dataset, addIssue }) => {
      const { password, confirmPassword } = dataset.value as Partial<Input>
      if (confirmPassword !== '' && confirmPassword !== password) addIssue({ message: MESSAGES.passwordsDoNotMatch })
    }),
    ['confirmPassword'] as never,
  )
}

/** Where a form brings a visitor back to: a site path, which safeRedirectPath checks (1024 at most). */
export const ReturnPath = HiddenValue(1024)

/** A link's token (reset, invitation, confirmation): 43 characters as we make them. */
export const LinkToken = HiddenValue(100)

/** The form of a button that only acts (log out, unsubscribe), with no fields of its own. */
export const NoFieldsSchema = v.object({})

/**
 * The form of a button that acts and brings a visitor without JavaScript back to their page;
 * from a hydrated page it carries ENHANCED_FIELD and wants no redirect.
 */
export const ReturnToPageSchema = v.object({ redirectTo: ReturnPath, [ENHANCED_FIELD]: HiddenValue(1) })

/** A form's schema: an object of fields, possibly with checks across them. */
export type FormSchema = v.GenericSchema<unknown, Record<string, unknown>> & { readonly entries: v.ObjectEntries }

export type FieldOf<Schema extends FormSchema> = Extract<keyof Schema['entries'], string>

export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>

/** What a form sends, as its schema reads it: every value of a list field, the first text value of any other ('' when missing, so no request shape can break a rule). */
export function readFormInput(schema: FormSchema, form: FormData): Record<string, string | string[]> {
  const texts = (name: string) => form.getAll(name).filter((value): value is string => typeof value === 'string')
  return Object.fromEntries(
    Object.entries(schema.entries).map(([name, field]) => [name, field.type === 'array' ? texts(name) : (texts(name)[0] ?? '')]),
  )
}

export type Checked<Schema extends FormSchema> =
  | { success: true; value: v.InferOutput<Schema>; fieldErrors?: undefined }
  | { success: false; value?: undefined; fieldErrors: FieldErrors<FieldOf<Schema>> }

/** Parses a form's input with its schema: the typed values, or the first error of each field. */
export function checkForm<Schema extends FormSchema>(schema: Schema, input: Record<string, unknown>): Checked<Schema> {
  // Every rule runs, so a field's first error is reported; checks across fields run even when a field fails.
  const result = v.safeParse(schema, input)
  if (result.success) return { success: true, value: result.output }
  const fieldErrors: FieldErrors<FieldOf<Schema>> = {}
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as FieldOf<Schema> | undefined
    if (field !== undefined && fieldErrors[field] === undefined) fieldErrors[field] = issue.message
  }
  return { success: false, fieldErrors }
}
