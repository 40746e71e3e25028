/**
 * A same-site path to send the visitor to, or the fallback. Refuses anything
 * that a browser could read as another origin (`//evil.example`, `/\evil`, `https:`).
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fallback
  return value
}
