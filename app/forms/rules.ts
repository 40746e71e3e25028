// Form rules written once and run twice: in the browser before a form is sent
// (so errors show at once) and in the route action, which always re-checks.
// Plain functions rather than a schema library keep the form pages' JavaScript small.
import { MESSAGES } from '~/messages'
import { RULES } from '~/site'

/** Returns the error message for a value, or null when the value is fine. */
export type Rule = (value: string, values: Readonly<Record<string, string>>) => string | null

export type FormSchema<Field extends string> = Readonly<Record<Field, readonly Rule[]>>

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

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

export const required =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' ? message : null

export const email =
  (message: string = MESSAGES.emailInvalid): Rule =>
  (value) =>
    value.trim() === '' || EMAIL_PATTERN.test(value.trim()) ? null : message

export const minLength =
  (length: number, message: string): Rule =>
  (value) =>
    value !== '' && value.length < length ? message : null

export const maxLength =
  (length: number, message = `Please keep this under ${length} characters`): Rule =>
  (value) =>
    value.length > length ? message : null

export const sameAs =
  (field: string, message: string): Rule =>
  (value, values) =>
    value !== '' && value !== values[field] ? message : null

export const oneOf =
  (allowed: readonly string[], message: string): Rule =>
  (value) =>
    value === '' || allowed.includes(value) ? null : message

export const wholeNumberFrom =
  (minimum: number, message: string): Rule =>
  (value) =>
    value.trim() === '' || (/^\d{1,3}$/.test(value.trim()) && Number(value) >= minimum) ? null : message

// spec §5: the e-mail and password rules shared by login, sign-up and reset.
export const EMAIL_RULES: readonly Rule[] = [
  required(MESSAGES.emailRequired),
  email(),
  maxLength(LIMITS.email, MESSAGES.emailInvalid),
]

export const PASSWORD_RULES: readonly Rule[] = [
  required(MESSAGES.passwordRequired),
  minLength(RULES.passwordMinLength, MESSAGES.passwordTooShort),
  maxLength(LIMITS.password),
]

/** Checks every field and returns the first error of each. */
export function validate<Field extends string>(
  schema: FormSchema<Field>,
  values: Readonly<Record<string, string>>,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {}
  for (const field of Object.keys(schema) as Field[]) {
    for (const rule of schema[field]) {
      const message = rule(values[field] ?? '', values)
      if (message) {
        errors[field] = message
        break
      }
    }
  }
  return errors
}

export function hasErrors(errors: Readonly<Record<string, string | undefined>>) {
  return Object.values(errors).some(Boolean)
}

/**
 * A form's text fields as strings. A missing field is '', a repeated one counts
 * as its first value and a file as '', so no request shape can break a rule.
 */
export function readFields<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = form.get(field)
      return [field, typeof value === 'string' ? value : '']
    }),
  ) as Record<Field, string>
}

/** Checkbox groups as one newline-joined string, so list rules and text rules share a shape. */
export function readListFields<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  return Object.fromEntries(
    fields.map((field) => [field, [...new Set(form.getAll(field).filter((value): value is string => typeof value === 'string'))].join('\n')]),
  ) as Record<Field, string>
}
