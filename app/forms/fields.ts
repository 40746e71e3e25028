// Field rules shared by every form (spec §5), with the spec's messages.
import { z } from 'zod'

import { MESSAGES } from '~/messages'

// RFC 5321 caps an address at 254 characters.
export const EMAIL_MAX_LENGTH = 254

export const EmailField = z
  .string({ required_error: MESSAGES.emailRequired, invalid_type_error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, MESSAGES.emailInvalid)
  .email(MESSAGES.emailInvalid)

/** The form's first error per field, for showing next to each field. */
export function firstErrorPerField(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return errors
}

/** Form fields as strings: a repeated or file field counts as its first text value. */
export function formFields(form: FormData, names: readonly string[]) {
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name)
      return [name, typeof value === 'string' ? value : undefined]
    }),
  )
}
