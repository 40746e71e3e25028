// Proxies commonly refuse response headers over 4-8 KB (nginx answers 502), and no page of ours
// needs a longer URL; even percent-encoded again inside ?redirectTo=, this stays near 3 KB.
const MAX_REDIRECT_PATH_LENGTH = 1024

const SITE = 'http://site.invalid'

/**
 * A same-site path to send the visitor to, or the fallback. Refuses anything
 * that a browser could read as another origin (`//evil.example`, `/\evil`, `https:`).
 * The path is returned resolved, its `.` and `..` segments gone: Remix resolves them in a
 * redirect after this check, and `/x/../\evil.example` would become `/\evil.example`.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_REDIRECT_PATH_LENGTH) return fallback
  // A browser reads a backslash in a path as a slash.
  if (value.includes('\\')) return fallback
  // Control characters, and anything outside printable ASCII, cannot go into a Location header as is.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) > 0x7e)) return fallback
  const resolved = new URL(value, SITE)
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`
  if (resolved.origin !== SITE || path.startsWith('//') || path.length > MAX_REDIRECT_PATH_LENGTH) return fallback
  return path
}
