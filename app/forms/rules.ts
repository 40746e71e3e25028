// The field rules the forms' schemas are built from, and the one way a form's fields are
// read and checked. No .server suffix: the browser runs the same schemas before a form is
// sent (so errors show at once), and the action runs them again on what arrives.
import * as v from 'valibot'

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

// Deliberately loose, like the browser's own check: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const tooLong = (length: number) => `Please keep this under ${length} characters`

/** Text that must be given, trimmed; `required` is the message when it is empty. */
export function RequiredText(required: string, maxLength: number) {
  return v.pipe(v.string(), v.trim(), v.nonEmpty(required), v.maxLength(maxLength, tooLong(maxLength)))
}

/** Text that may be left empty, trimmed. */
export function OptionalText(maxLength: number) {
  return v.pipe(v.string(), v.trim(), v.maxLength(maxLength, tooLong(maxLength)))
}

/** One of a fixed list, as a select sends it: `required` when none is chosen, `notListed` for anything else. */
export function OneOf<const Options extends readonly string[]>(options: Options, required: string, notListed = required) {
  return v.pipe(
    v.string(),
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
  v.trim(),
  v.nonEmpty(MESSAGES.emailRequired),
  v.regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
  v.maxLength(LIMITS.email, MESSAGES.emailInvalid),
)

// Never trimmed: a password is exactly what was typed. Spaces alone count as none.
export const PasswordField = v.pipe(
  v.string(),
  v.check((value) => value.trim() !== '', MESSAGES.passwordRequired),
  v.minLength(RULES.passwordMinLength, MESSAGES.passwordTooShort),
  v.maxLength(LIMITS.password, tooLong(LIMITS.password)),
)

export const ConfirmPasswordField = v.pipe(v.string(), v.nonEmpty(MESSAGES.confirmPassword))

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

/** The form of a button that only acts (log out, unsubscribe), with no fields of its own. */
export const NoFieldsSchema = v.object({})

/** The form of a button that acts and brings a visitor without JavaScript back to their page. */
export const ReturnToPageSchema = v.object({ redirectTo: v.string() })

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
